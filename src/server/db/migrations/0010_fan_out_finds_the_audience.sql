-- The live fan-out finds a bet's audience among the users connected to each instance
-- (docs/decisions/013-fan-out-finds-the-audience.md), so a stake no longer lists everyone who may
-- see its bet. That list was the largest part of a stake's time in PostgreSQL left after
-- batching, and it grew with the bet: every friend of the creator and every staker, on every stake.
--
-- stake_on_bet is 0008's place_stake_answering_bet without the audience, and stake_on_bets 0009's
-- place_stakes. Instances of the releases before this one call those two during a rolling
-- deploy: they now go through the new functions and add the audience, so the rules, the batch's
-- locks and its loop each exist once.
CREATE FUNCTION stake_on_bet(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, bet json, notification json)
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
    RETURN QUERY SELECT 'not_found', NULL::json, NULL::json; RETURN;
  END IF;
  -- Who sees a bet (docs/product.md §5.1): its creator, the creator's friends, its stakers, the
  -- admins; the same rule as visibleTo() in src/server/features/bets/queries.ts and, for the users
  -- connected to an instance, ConnectedAudiences in src/server/features/live/audiences.ts.
  -- Change them together.
  IF NOT p_is_admin AND v_bet.creator_id <> p_user
     AND NOT EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = p_bet AND s.user_id = p_user)
     AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.status = 'accepted' AND (
       (f.requester_id = v_bet.creator_id AND f.addressee_id = p_user)
       OR (f.requester_id = p_user AND f.addressee_id = v_bet.creator_id))) THEN
    RETURN QUERY SELECT 'not_found', NULL::json, NULL::json; RETURN;
  END IF;
  IF v_bet.creator_id = p_user THEN
    RETURN QUERY SELECT 'own_bet', NULL::json, NULL::json; RETURN;
  END IF;
  IF v_bet.status <> 'active' THEN
    RETURN QUERY SELECT 'bet_closed', NULL::json, NULL::json; RETURN;
  END IF;
  IF v_bet.expired THEN
    RETURN QUERY SELECT 'bet_expired', NULL::json, NULL::json; RETURN;
  END IF;
  SELECT o.label INTO v_label FROM bet_options o WHERE o.bet_id = p_bet AND o.idx = p_option;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'invalid_option', NULL::json, NULL::json; RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = p_bet AND s.user_id = p_user) THEN
    RETURN QUERY SELECT 'already_staked', NULL::json, NULL::json; RETURN;
  END IF;

  UPDATE users u SET balance_cents = u.balance_cents - p_amount, total_bets = u.total_bets + 1
    WHERE u.id = p_user AND u.balance_cents >= p_amount
    RETURNING u.balance_cents INTO v_balance;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'insufficient_balance', NULL::json, NULL::json; RETURN;
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
      v_notification
    FROM bets b JOIN users u ON u.id = b.creator_id
    WHERE b.id = p_bet;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_stake_answering_bet(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, bet json, audience integer[], notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_answer record;
BEGIN
  SELECT a.result, a.bet, a.notification INTO v_answer
    FROM stake_on_bet(p_user, p_is_admin, p_bet, p_option, p_amount, p_username, p_amount_text) a;
  -- A statement of its own, after the stake's, so that the audience lists the new staker.
  RETURN QUERY SELECT v_answer.result, v_answer.bet,
    CASE WHEN v_answer.result = 'ok' THEN bet_audience(p_bet) END, v_answer.notification;
END;
$$;
--> statement-breakpoint
-- 0009's place_stakes through stake_on_bet: the same locks in the same order, without the audience.
-- p_stakes: an array of {userId, isAdmin, betId, option, amountCents, username, amountText}.
CREATE FUNCTION stake_on_bets(p_stakes jsonb)
RETURNS TABLE (n integer, result text, bet json, notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_stake jsonb;
BEGIN
  PERFORM 1 FROM bets b
    WHERE b.id IN (SELECT (s->>'betId')::integer FROM jsonb_array_elements(p_stakes) s)
    ORDER BY b.id FOR UPDATE;
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT (s->>'userId')::integer FROM jsonb_array_elements(p_stakes) s)
    ORDER BY u.id FOR NO KEY UPDATE;
  FOR i IN 0 .. jsonb_array_length(p_stakes) - 1 LOOP
    v_stake := p_stakes->i;
    RETURN QUERY SELECT i, a.result, a.bet, a.notification
      FROM stake_on_bet(
        (v_stake->>'userId')::integer, (v_stake->>'isAdmin')::boolean, (v_stake->>'betId')::integer,
        (v_stake->>'option')::integer, (v_stake->>'amountCents')::bigint, v_stake->>'username',
        v_stake->>'amountText') a;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- 0009's place_stakes, for instances of the releases before this one during a rolling deploy:
-- the batch through stake_on_bets, so its locks and loop exist once, then each placed stake's
-- audience, each by a statement after the batch's, so that it lists the stakers the batch added.
CREATE OR REPLACE FUNCTION place_stakes(p_stakes jsonb)
RETURNS TABLE (n integer, result text, bet json, audience json, notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_answer record;
BEGIN
  FOR v_answer IN SELECT * FROM stake_on_bets(p_stakes) LOOP
    RETURN QUERY SELECT v_answer.n, v_answer.result, v_answer.bet,
      CASE WHEN v_answer.result = 'ok' THEN to_json(bet_audience((p_stakes->v_answer.n->>'betId')::integer)) END,
      v_answer.notification;
  END LOOP;
END;
$$;
