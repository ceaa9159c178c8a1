-- A user's friend list read from the index alone: each index now carries the other side of the
-- pair. bet_audience reads the creator's friends on every stake; the feeds and presence read a
-- viewer's friends on every request.
CREATE INDEX "friendships_addressee_requester_idx" ON "friendships" USING btree ("addressee_id","status","requester_id");--> statement-breakpoint
CREATE INDEX "friendships_requester_addressee_idx" ON "friendships" USING btree ("requester_id","status","addressee_id");--> statement-breakpoint
DROP INDEX "friendships_addressee_idx";--> statement-breakpoint
DROP INDEX "friendships_requester_idx";--> statement-breakpoint
-- The stake as in 0006's place_stake, answering the bet as the staker now sees it in a list
-- (the Bet of docs/product.md §4.1: the bet row, its creator's name, its options and the new stake)
-- instead of its detail. Building the detail's participant list was a third of the stake's time in
-- PostgreSQL, and the client reads the detail again after a stake anyway
-- (docs/decisions/010-stake-answers-the-bet.md). A new name, because it answers other columns:
-- instances of the previous release keep calling place_stake during a rolling deploy.
CREATE FUNCTION place_stake_answering_bet(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, bet json, audience integer[], notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_bet record;
  v_label text;
  v_balance bigint;
  v_stake json;
  v_notification json;
BEGIN
  SELECT b.creator_id, b.title, b.status, b.deleted_at, coalesce(b.expires_at <= now(), false) AS expired
    INTO v_bet FROM bets b WHERE b.id = p_bet FOR UPDATE;
  IF NOT FOUND OR v_bet.deleted_at IS NOT NULL THEN
    RETURN QUERY SELECT 'not_found', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;
  -- Who sees a bet (docs/product.md §5.1): its creator, the creator's friends, its stakers, the
  -- admins; the same rule as visibleTo() in src/server/features/bets/queries.ts. Change both
  -- together.
  IF NOT p_is_admin AND v_bet.creator_id <> p_user
     AND NOT EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = p_bet AND s.user_id = p_user)
     AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.status = 'accepted' AND (
       (f.requester_id = v_bet.creator_id AND f.addressee_id = p_user)
       OR (f.requester_id = p_user AND f.addressee_id = v_bet.creator_id))) THEN
    RETURN QUERY SELECT 'not_found', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;
  IF v_bet.creator_id = p_user THEN
    RETURN QUERY SELECT 'own_bet', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;
  IF v_bet.status <> 'active' THEN
    RETURN QUERY SELECT 'bet_closed', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;
  IF v_bet.expired THEN
    RETURN QUERY SELECT 'bet_expired', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;
  SELECT o.label INTO v_label FROM bet_options o WHERE o.bet_id = p_bet AND o.idx = p_option;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'invalid_option', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = p_bet AND s.user_id = p_user) THEN
    RETURN QUERY SELECT 'already_staked', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;

  UPDATE users u SET balance_cents = u.balance_cents - p_amount, total_bets = u.total_bets + 1
    WHERE u.id = p_user AND u.balance_cents >= p_amount
    RETURNING u.balance_cents INTO v_balance;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'insufficient_balance', NULL::json, NULL::integer[], NULL::json; RETURN;
  END IF;

  INSERT INTO stakes (bet_id, user_id, option_idx, amount_cents) VALUES (p_bet, p_user, p_option, p_amount)
    RETURNING row_to_json(stakes.*) INTO v_stake;
  INSERT INTO ledger_entries (user_id, kind, amount_cents, balance_after_cents, bet_id)
    VALUES (p_user, 'stake', -p_amount, v_balance, p_bet);
  UPDATE bet_options o SET pool_cents = o.pool_cents + p_amount, stake_count = o.stake_count + 1
    WHERE o.bet_id = p_bet AND o.idx = p_option;
  UPDATE bets b SET total_pot_cents = b.total_pot_cents + p_amount, participant_count = b.participant_count + 1,
    updated_at = now() WHERE b.id = p_bet;
  INSERT INTO activities (user_id, type, description, bet_id, amount_cents)
    VALUES (p_user, 'bet_placed', format('Placed %s on "%s" in "%s"', p_amount_text, v_label, v_bet.title), p_bet, p_amount);
  IF NOT EXISTS (SELECT 1 FROM user_preferences p
                 WHERE p.user_id = v_bet.creator_id AND p.muted_notifications @> '["bet_staked"]'::jsonb) THEN
    INSERT INTO notifications (user_id, type, title, body, bet_id, from_user_id)
      VALUES (v_bet.creator_id, 'bet_staked', 'New stake on your bet',
        format('%s staked %s on "%s" in "%s"', p_username, p_amount_text, v_label, v_bet.title), p_bet, p_user)
      RETURNING row_to_json(notifications.*) INTO v_notification;
  END IF;
  -- Read after the writes, by a statement of its own, so that it shows them.
  RETURN QUERY
    SELECT 'ok',
      json_build_object(
        'bet', row_to_json(b),
        'creatorUsername', u.username,
        'options', (SELECT coalesce(json_agg(row_to_json(o) ORDER BY o.idx), '[]'::json)
                    FROM bet_options o WHERE o.bet_id = b.id),
        'viewerStake', v_stake),
      bet_audience(p_bet), v_notification
    FROM bets b JOIN users u ON u.id = b.creator_id
    WHERE b.id = p_bet;
END;
$$;
--> statement-breakpoint
-- 0006's place_stake, for instances of the previous release during a rolling deploy: the same
-- stake through the function above, answered with the detail as before. The rules exist once.
-- The detail is read by a statement after the stake's, so that it shows the stake.
CREATE OR REPLACE FUNCTION place_stake(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, detail json, audience integer[], notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_answer record;
BEGIN
  SELECT a.result, a.audience, a.notification INTO v_answer
    FROM place_stake_answering_bet(p_user, p_is_admin, p_bet, p_option, p_amount, p_username, p_amount_text) a;
  RETURN QUERY SELECT v_answer.result,
    CASE WHEN v_answer.result = 'ok' THEN bet_detail(p_user, p_bet) END,
    v_answer.audience, v_answer.notification;
END;
$$;
