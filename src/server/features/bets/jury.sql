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
-- is_juror: whether the user sits on the bet's jury: one of its circle (bet_circles: a friend of
-- its creator; for a crew bet, a member of the crew), still a player, who is neither the creator
-- nor a staker (nor its referee: a jury bet has none).
CREATE OR REPLACE FUNCTION is_juror(p_bet integer, p_user integer) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM bets b
      JOIN bet_circles c ON c.bet_id = b.id AND c.user_id = p_user
      JOIN users u ON u.id = p_user AND u.deactivated_at IS NULL AND u.deleted_at IS NULL
    WHERE b.id = p_bet AND b.creator_id <> p_user
      AND NOT EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = b.id AND s.user_id = p_user));
END;
$$;
--> statement-breakpoint
-- jurors: every juror of a bet, by is_juror, for the call to vote when its result is disputed:
-- asked of the bet's circle only (bet_circles).
CREATE OR REPLACE FUNCTION jurors(p_bet integer) RETURNS TABLE (user_id integer)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT DISTINCT c.user_id FROM bet_circles c
    WHERE c.bet_id = p_bet AND is_juror(p_bet, c.user_id)
    ORDER BY c.user_id;
END;
$$;
--> statement-breakpoint
-- vote_refusal: a juror votes once, while the bet is disputed and its jury's time runs.
CREATE OR REPLACE FUNCTION vote_refusal(p_bet integer, p_user integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT CASE
      WHEN b.status = 'resolved' THEN 'already_resolved'
      WHEN b.status = 'void' THEN 'bet_closed'
      WHEN NOT is_juror(b.id, p_user) THEN 'not_juror'
      WHEN b.status <> 'disputed' THEN 'no_jury'
      WHEN EXISTS (SELECT 1 FROM bet_votes v WHERE v.bet_id = b.id AND v.user_id = p_user) THEN 'already_voted'
      WHEN b.jury_ends_at <= now() THEN 'jury_over'
    END
    FROM bets b WHERE b.id = p_bet);
END;
$$;
