-- What other features ask of friendships in SQL (docs/product.md §5.1).
-- Public: friend_pairs
--
-- friend_pairs: every accepted friendship in both directions, (user, friend), with when it began
-- (when it was accepted). Whose bets a player sees (creators_seen, bets/visibility.sql) and who
-- may sit on a jury (jury_pool, bets/jury.sql) read it. Asked about one user, PostgreSQL pushes the
-- question into each branch: a lookup in friendships' index on that side.
CREATE OR REPLACE VIEW friend_pairs AS
  SELECT f.requester_id AS user_id, f.addressee_id AS friend_id, coalesce(f.responded_at, f.created_at) AS since
    FROM friendships f WHERE f.status = 'accepted'
  UNION ALL
  SELECT f.addressee_id, f.requester_id, coalesce(f.responded_at, f.created_at)
    FROM friendships f WHERE f.status = 'accepted';
