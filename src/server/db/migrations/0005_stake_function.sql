CREATE INDEX "users_admins_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'admin';--> statement-breakpoint
-- The stake path in one round trip (docs/decisions/007-stake-in-the-database.md). The rules are
-- those of placeStake in src/server/features/bets/service.ts, checked in the same order; the bet
-- row is locked first, as every bet action locks it, so each later statement (its own snapshot
-- under READ COMMITTED) sees whatever a concurrent action on the same bet committed. Nothing is
-- written until every check passed, and the balance debit is the guard for the rest.
CREATE FUNCTION place_stake(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, notified_user integer, notification bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_bet record;
  v_label text;
  v_balance bigint;
  v_notification bigint;
BEGIN
  SELECT b.creator_id, b.title, b.status, b.deleted_at, coalesce(b.expires_at <= now(), false) AS expired
    INTO v_bet FROM bets b WHERE b.id = p_bet FOR UPDATE;
  IF NOT FOUND OR v_bet.deleted_at IS NOT NULL THEN
    RETURN QUERY SELECT 'not_found', NULL::integer, NULL::bigint; RETURN;
  END IF;
  -- Who sees a bet (docs/product.md §5.1): its creator, the creator's friends, its stakers, the
  -- admins; the same rule as visibleTo() in src/server/features/bets/queries.ts. Change both
  -- together.
  IF NOT p_is_admin AND v_bet.creator_id <> p_user
     AND NOT EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = p_bet AND s.user_id = p_user)
     AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.status = 'accepted' AND (
       (f.requester_id = v_bet.creator_id AND f.addressee_id = p_user)
       OR (f.requester_id = p_user AND f.addressee_id = v_bet.creator_id))) THEN
    RETURN QUERY SELECT 'not_found', NULL::integer, NULL::bigint; RETURN;
  END IF;
  IF v_bet.creator_id = p_user THEN RETURN QUERY SELECT 'own_bet', NULL::integer, NULL::bigint; RETURN; END IF;
  IF v_bet.status <> 'active' THEN RETURN QUERY SELECT 'bet_closed', NULL::integer, NULL::bigint; RETURN; END IF;
  IF v_bet.expired THEN RETURN QUERY SELECT 'bet_expired', NULL::integer, NULL::bigint; RETURN; END IF;
  SELECT o.label INTO v_label FROM bet_options o WHERE o.bet_id = p_bet AND o.idx = p_option;
  IF NOT FOUND THEN RETURN QUERY SELECT 'invalid_option', NULL::integer, NULL::bigint; RETURN; END IF;
  IF EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = p_bet AND s.user_id = p_user) THEN
    RETURN QUERY SELECT 'already_staked', NULL::integer, NULL::bigint; RETURN;
  END IF;

  UPDATE users u SET balance_cents = u.balance_cents - p_amount, total_bets = u.total_bets + 1
    WHERE u.id = p_user AND u.balance_cents >= p_amount
    RETURNING u.balance_cents INTO v_balance;
  IF NOT FOUND THEN RETURN QUERY SELECT 'insufficient_balance', NULL::integer, NULL::bigint; RETURN; END IF;

  INSERT INTO stakes (bet_id, user_id, option_idx, amount_cents) VALUES (p_bet, p_user, p_option, p_amount);
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
      RETURNING id INTO v_notification;
  END IF;
  RETURN QUERY SELECT 'ok', v_bet.creator_id, v_notification;
END;
$$;
