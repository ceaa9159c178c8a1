-- A jury bet's rules (docs/product.md §4.6), written once for the call and for the bet detail's
-- `canDispute` and `canVote` (bet-detail.sql), as stake_refusal is for the stake (stake.sql).
-- Each answers why the user may not act on the bet, or null when they may. Neither checks that
-- the user sees the bet: their callers select only bets the user may see. PL/pgSQL, so that
-- each is checked when it first runs, after visibility.sql has made the view it reads.
--
-- Whose step it is comes first (403 for anyone else), then whether it is its time (409).
--
-- dispute_refusal: a staker disputes a proposed result before its challenge window ends.
CREATE OR REPLACE FUNCTION dispute_refusal(p_bet integer, p_user integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT CASE
      WHEN b.status = 'resolved' THEN 'already_resolved'
      WHEN b.status = 'void' THEN 'bet_closed'
      WHEN NOT EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = b.id AND s.user_id = p_user) THEN 'not_staker'
      WHEN b.status = 'disputed' THEN 'already_disputed'
      WHEN b.status <> 'proposed' THEN 'not_proposed'
      WHEN b.challenge_ends_at <= now() THEN 'challenge_over'
    END
    FROM bets b WHERE b.id = p_bet);
END;
$$;
--> statement-breakpoint
-- jury_pool: who sits on the bet's jury if its result is disputed now (docs/product.md §4.6): its
-- creator's friends whose friendship began (was accepted) before the bet was created, or for a
-- crew bet the crew's members who joined before it; still players; neither the creator, the
-- referee nor a staker. Friends made and members who joined after the bet was created never sit
-- on its jury, so a jury cannot be packed. A dispute seats them once (bet_jurors, jury.ts).
CREATE OR REPLACE FUNCTION jury_pool(p_bet integer) RETURNS TABLE (user_id integer)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT DISTINCT c.id FROM bets b
      JOIN LATERAL (
        SELECT f.friend_id AS id FROM friend_pairs f
          WHERE b.crew_id IS NULL AND f.user_id = b.creator_id AND f.since < b.created_at
        UNION ALL
        SELECT m.user_id FROM crew_memberships m WHERE m.crew_id = b.crew_id AND m.joined_at < b.created_at
      ) c ON true
      JOIN players u ON u.id = c.id AND u.deactivated_at IS NULL AND u.deleted_at IS NULL
    WHERE b.id = p_bet AND c.id <> b.creator_id AND c.id IS DISTINCT FROM b.referee_id
      AND NOT EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = b.id AND s.user_id = c.id)
    ORDER BY c.id;
END;
$$;
--> statement-breakpoint
-- possible_jurors: how many could sit on the jury of a bet the user creates now among friends
-- (p_crew null: their friends) or in a crew (its other members), still players. A jury bet needs
-- JURY_QUORUM of them at its creation (bets/service.ts), and the create form asks first.
CREATE OR REPLACE FUNCTION possible_jurors(p_user integer, p_crew integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT count(DISTINCT c.id)::integer FROM (
      SELECT s.viewer_id AS id FROM creators_seen s WHERE p_crew IS NULL AND s.creator_id = p_user
      UNION ALL
      SELECT m.user_id FROM crew_memberships m WHERE m.crew_id = p_crew
    ) c
    JOIN players u ON u.id = c.id AND u.deactivated_at IS NULL AND u.deleted_at IS NULL
    WHERE c.id <> p_user);
END;
$$;
--> statement-breakpoint
-- is_juror: whether the user sits on the bet's jury. Once a dispute has been raised, the jury is
-- the one it seated (bet_jurors), still players; before, whoever jury_pool would seat (so the
-- detail and the call can tell a juror-to-be that there is no jury yet).
CREATE OR REPLACE FUNCTION is_juror(p_bet integer, p_user integer) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM bet_disputes d WHERE d.bet_id = p_bet) THEN
    RETURN EXISTS (
      SELECT 1 FROM bet_jurors j JOIN players u ON u.id = j.user_id AND u.deactivated_at IS NULL AND u.deleted_at IS NULL
      WHERE j.bet_id = p_bet AND j.user_id = p_user);
  END IF;
  RETURN EXISTS (SELECT 1 FROM jury_pool(p_bet) p WHERE p.user_id = p_user);
END;
$$;
--> statement-breakpoint
-- A database older than the seated jury still holds the function that named the jurors: nothing
-- calls it any more.
DROP FUNCTION IF EXISTS jurors(integer);
--> statement-breakpoint
-- vote_refusal: a seated juror votes once, while the bet is disputed and its jury's time runs; a
-- dispute that could seat fewer than the quorum has no jury (votes_needed 0): the admins decide.
CREATE OR REPLACE FUNCTION vote_refusal(p_bet integer, p_user integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT CASE
      WHEN b.status = 'resolved' THEN 'already_resolved'
      WHEN b.status = 'void' THEN 'bet_closed'
      WHEN NOT is_juror(b.id, p_user) THEN 'not_juror'
      WHEN b.status <> 'disputed' OR b.votes_needed = 0 THEN 'no_jury'
      WHEN EXISTS (SELECT 1 FROM bet_votes v WHERE v.bet_id = b.id AND v.user_id = p_user) THEN 'already_voted'
      WHEN b.jury_ends_at <= now() THEN 'jury_over'
    END
    FROM bets b WHERE b.id = p_bet);
END;
$$;
