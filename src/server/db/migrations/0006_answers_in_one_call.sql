DROP INDEX "bets_creator_idx";--> statement-breakpoint
CREATE INDEX "bets_creator_idx" ON "bets" USING btree ("creator_id","id") WHERE "bets"."deleted_at" is null;--> statement-breakpoint
-- Everyone who may see a bet (docs/product.md §5.1): its creator, the creator's friends, its
-- stakers and the admins. The live fan-out sends a bet's events to exactly these users; visibleTo()
-- in src/server/features/bets/queries.ts and place_stake apply the same rule to a single viewer.
CREATE FUNCTION bet_audience(p_bet integer) RETURNS integer[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_creator integer;
BEGIN
  SELECT b.creator_id INTO v_creator FROM bets b WHERE b.id = p_bet;
  IF NOT FOUND THEN RETURN '{}'; END IF;
  RETURN array(
    SELECT v_creator
    UNION SELECT f.addressee_id FROM friendships f WHERE f.requester_id = v_creator AND f.status = 'accepted'
    UNION SELECT f.requester_id FROM friendships f WHERE f.addressee_id = v_creator AND f.status = 'accepted'
    UNION SELECT s.user_id FROM stakes s WHERE s.bet_id = p_bet
    UNION SELECT u.id FROM users u WHERE u.role = 'admin' AND u.deactivated_at IS NULL);
END;
$$;
--> statement-breakpoint
-- A bet as its detail shows it to p_viewer, as one JSON value: the bet row, its creator's name,
-- its options, the viewer's own stake and every participant. Rows are row_to_json's, under
-- their column names; src/server/features/bets/queries.ts decodes them. Visibility is the
-- caller's to check. PL/pgSQL so that its plans are kept per connection.
CREATE FUNCTION bet_detail(p_viewer integer, p_bet integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'bet', row_to_json(b),
      'creatorUsername', u.username,
      'options', (SELECT coalesce(json_agg(row_to_json(o) ORDER BY o.idx), '[]'::json)
                  FROM bet_options o WHERE o.bet_id = b.id),
      'viewerStake', (SELECT row_to_json(vs) FROM stakes vs WHERE vs.bet_id = b.id AND vs.user_id = p_viewer),
      'participants', (SELECT coalesce(json_agg(json_build_object('stake', row_to_json(s), 'username', pu.username) ORDER BY s.id), '[]'::json)
                       FROM stakes s JOIN users pu ON pu.id = s.user_id WHERE s.bet_id = b.id))
    FROM bets b JOIN users u ON u.id = b.creator_id
    WHERE b.id = p_bet);
END;
$$;
--> statement-breakpoint
DROP FUNCTION place_stake(integer, boolean, integer, integer, bigint, text, text);
--> statement-breakpoint
-- As in 0005, and now it also answers everything that follows a stake, so that the request
-- needs no other round trip (docs/decisions/007-stake-in-the-database.md): the bet's detail as
-- the staker now sees it, the bet's audience for the live fan-out, and the creator's new
-- notification. The detail is read after the writes, in the same transaction, so it shows them.
CREATE FUNCTION place_stake(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, detail json, audience integer[], notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_bet record;
  v_label text;
  v_balance bigint;
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
      RETURNING row_to_json(notifications.*) INTO v_notification;
  END IF;
  RETURN QUERY SELECT 'ok', bet_detail(p_user, p_bet), bet_audience(p_bet), v_notification;
END;
$$;
