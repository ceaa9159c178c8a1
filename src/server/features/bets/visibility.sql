-- Who sees a bet (docs/product.md §5.1; docs/decisions/018-one-rule-for-who-sees-a-bet.md):
-- Public: creators_seen, bet_circles, bet_viewers
-- its creator, the creator's friends (a crew bet: its crew's members instead), its referee, the
-- jurors seated on its dispute, whoever staked on it, and the admins; a deleted bet, nobody.
-- The one statement of the rule: the bet lists, the detail, the stake (stake.sql), the feed and
-- the live audience all read it from these two views.
-- Asked about one bet or one viewer, PostgreSQL pushes the question into each branch, so each
-- is a lookup in an index (the bet's creator, the viewer's friendships, the viewer's stakes).
--
-- creators_seen: whose bets a user sees for who made them, their own and their friends'.
CREATE OR REPLACE VIEW creators_seen AS
  SELECT u.id AS viewer_id, u.id AS creator_id FROM players u
  UNION ALL
  SELECT f.user_id, f.friend_id FROM friend_pairs f;
--> statement-breakpoint
-- bet_circles: every (bet, user of its circle) pair: a bet among friends is its creator's and
-- their friends' (creators_seen); a crew bet (§6.7) is its crew's members' instead, and its
-- creator's, a member or no longer. Wherever a rule names "the creator's friends" (who sees a
-- bet, who sits on its jury, jury.sql), it reads this.
-- Deleted bets are left out in each branch (bet_viewers shows none of them anyway): asked about
-- one viewer's bets from their side (a profile's recent bets), each branch can then walk the
-- partial indexes bets_creator_idx and bets_crew_idx, which hold no deleted bet (a profile at
-- 100,000 players: 54-85 ms with the filter only above the view, under 1 ms with it in each branch).
CREATE OR REPLACE VIEW bet_circles AS
  SELECT b.id AS bet_id, c.viewer_id AS user_id FROM bets b JOIN creators_seen c ON c.creator_id = b.creator_id
    WHERE b.crew_id IS NULL AND b.deleted_at IS NULL
  UNION ALL
  SELECT b.id, m.user_id FROM bets b JOIN crew_memberships m ON m.crew_id = b.crew_id
    WHERE b.deleted_at IS NULL
  UNION ALL
  SELECT b.id, b.creator_id FROM bets b WHERE b.crew_id IS NOT NULL AND b.deleted_at IS NULL;
--> statement-breakpoint
-- bet_viewers: every (bet, user who sees it) pair; a pair may appear more than once.
-- The admins' branch comes first: asked whether one viewer sees one bet (`... limit 1`, the admin
-- feed and one creator's bets in features/bets/queries.ts), PostgreSQL runs the branches in order
-- and stops at the first row, so an admin is answered by one lookup in users_admins_idx instead
-- of their friendships for every bet (an admin's page of 50 bets at 100,000 players: 1.6 ms of
-- PostgreSQL's time before, 0.4 ms after); anyone else pays that one lookup.
CREATE OR REPLACE VIEW bet_viewers AS
  SELECT b.id AS bet_id, a.id AS viewer_id FROM bets b CROSS JOIN players a
    WHERE a.role = 'admin' AND a.deactivated_at IS NULL AND b.deleted_at IS NULL
  UNION ALL
  -- Deleted bets are already left out of each of its branches.
  SELECT c.bet_id, c.user_id FROM bet_circles c
  UNION ALL
  -- The referee decides it, friends with the creator or no longer.
  SELECT b.id, b.referee_id FROM bets b WHERE b.referee_id IS NOT NULL AND b.deleted_at IS NULL
  UNION ALL
  -- A seated juror votes on it, friends with the creator (a member of the crew) or no longer.
  SELECT j.bet_id, j.user_id FROM bet_jurors j JOIN bets b ON b.id = j.bet_id WHERE b.deleted_at IS NULL
  UNION ALL
  SELECT s.bet_id, s.user_id FROM stakes s JOIN bets b ON b.id = s.bet_id
    WHERE b.deleted_at IS NULL;
