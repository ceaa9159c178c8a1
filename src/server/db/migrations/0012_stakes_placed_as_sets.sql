-- A batch of stakes is placed by a few set-based statements instead of a dozen statements per
-- stake (docs/decisions/015-stakes-placed-as-sets.md). After the audience left the stake (0010)
-- and the foreign keys its tables (0011), most of a stake's time in PostgreSQL was what every
-- statement costs before it touches a row: starting the executor on its plan, preparing the
-- tables' CHECK constraints, looking the plan up. A batch of 30 stakes paid that some 300 times.
--
-- The rules, their order and their answers are 0010's. The batch is placed in rounds: round k
-- holds each user's k-th stake of the batch, so a round never holds two stakes of one user. No
-- rule of one user's stake depends on another user's stake (a balance, an earlier stake on the
-- bet and the right to see it are all the staker's own), so the stakes of a round can be checked
-- and written together, and the rounds one after another give each user's stakes in their order,
-- exactly as placing the stakes one by one did. Almost every batch is one round.
--
-- A stake's answer is its bet as its round left it: with the stakes of the same round on that
-- bet, which commit together with it.
--
-- stake_on_bet, the single stake, goes through stake_on_bets, so the rules are written once.
CREATE OR REPLACE FUNCTION stake_on_bets(p_stakes jsonb)
RETURNS TABLE (n integer, result text, bet json, notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_rounds integer;
BEGIN
  -- The same locks in the same order as 0009: the bets, then the stakers, by id.
  PERFORM 1 FROM bets b
    WHERE b.id IN (SELECT (s->>'betId')::integer FROM jsonb_array_elements(p_stakes) s)
    ORDER BY b.id FOR UPDATE;
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT (s->>'userId')::integer FROM jsonb_array_elements(p_stakes) s)
    ORDER BY u.id FOR NO KEY UPDATE;
  SELECT max(c.stakes) INTO v_rounds
    FROM (SELECT count(*) AS stakes FROM jsonb_array_elements(p_stakes) s GROUP BY s->>'userId') c;

  -- Each round is one statement, so it reads what the rounds before it wrote, and the bets and
  -- stakes as they were committed once their locks were granted.
  FOR v_round IN 1 .. coalesce(v_rounds, 0) LOOP
    RETURN QUERY
    WITH calls AS (
      SELECT * FROM (
        SELECT (t.i - 1)::integer AS n, (t.s->>'userId')::integer AS user_id, (t.s->>'isAdmin')::boolean AS is_admin,
          (t.s->>'betId')::integer AS bet_id, (t.s->>'option')::integer AS option_idx,
          (t.s->>'amountCents')::bigint AS amount, t.s->>'username' AS username, t.s->>'amountText' AS amount_text,
          row_number() OVER (PARTITION BY t.s->>'userId' ORDER BY t.i) AS round
        FROM jsonb_array_elements(p_stakes) WITH ORDINALITY AS t(s, i)
      ) numbered
      WHERE numbered.round = v_round
    ), checked AS (
      SELECT c.*, b.creator_id, b.title, f.label,
        CASE
          WHEN b.id IS NULL OR b.deleted_at IS NOT NULL THEN 'not_found'
          -- Who sees a bet (docs/product.md §5.1): its creator, the creator's friends, its stakers,
          -- the admins; the same rule as visibleTo() in src/server/features/bets/queries.ts and,
          -- for the users connected to an instance, ConnectedAudiences in
          -- src/server/features/live/audiences.ts. Change them together.
          WHEN NOT (c.is_admin OR b.creator_id = c.user_id OR f.staked OR f.friend) THEN 'not_found'
          WHEN b.creator_id = c.user_id THEN 'own_bet'
          WHEN b.status <> 'active' THEN 'bet_closed'
          WHEN coalesce(b.expires_at <= now(), false) THEN 'bet_expired'
          WHEN f.label IS NULL THEN 'invalid_option'
          WHEN f.staked THEN 'already_staked'
        END AS refusal
      FROM calls c
      LEFT JOIN bets b ON b.id = c.bet_id
      LEFT JOIN LATERAL (
        SELECT
          (SELECT o.label FROM bet_options o WHERE o.bet_id = c.bet_id AND o.idx = c.option_idx) AS label,
          EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = c.bet_id AND s.user_id = c.user_id) AS staked,
          EXISTS (SELECT 1 FROM friendships fr WHERE fr.status = 'accepted' AND (
            (fr.requester_id = b.creator_id AND fr.addressee_id = c.user_id)
            OR (fr.requester_id = c.user_id AND fr.addressee_id = b.creator_id))) AS friend
      ) f ON true
    ), debit AS (
      -- One stake per user in a round, so one row of checked per user updated.
      UPDATE users u SET balance_cents = u.balance_cents - k.amount, total_bets = u.total_bets + 1
        FROM checked k
        WHERE k.refusal IS NULL AND u.id = k.user_id AND u.balance_cents >= k.amount
        RETURNING u.id AS user_id, u.balance_cents
    ), placed AS (
      SELECT k.*, d.balance_cents FROM checked k JOIN debit d ON d.user_id = k.user_id
    ), new_stakes AS (
      INSERT INTO stakes (bet_id, user_id, option_idx, amount_cents)
        SELECT p.bet_id, p.user_id, p.option_idx, p.amount FROM placed p ORDER BY p.n
        RETURNING stakes.user_id, row_to_json(stakes.*) AS stake_row
    ), ledger AS (
      INSERT INTO ledger_entries (user_id, kind, amount_cents, balance_after_cents, bet_id)
        SELECT p.user_id, 'stake', -p.amount, p.balance_cents, p.bet_id FROM placed p ORDER BY p.n
    ), pools AS (
      UPDATE bet_options o SET pool_cents = o.pool_cents + g.amount, stake_count = o.stake_count + g.stakes
        FROM (SELECT p.bet_id, p.option_idx, sum(p.amount)::bigint AS amount, count(*)::integer AS stakes
              FROM placed p GROUP BY p.bet_id, p.option_idx) g
        WHERE o.bet_id = g.bet_id AND o.idx = g.option_idx
        RETURNING o.bet_id, o.idx, row_to_json(o.*) AS option_row
    ), pots AS (
      UPDATE bets b SET total_pot_cents = b.total_pot_cents + g.amount,
          participant_count = b.participant_count + g.stakes, updated_at = now()
        FROM (SELECT p.bet_id, sum(p.amount)::bigint AS amount, count(*)::integer AS stakes FROM placed p GROUP BY p.bet_id) g
        WHERE b.id = g.bet_id
        RETURNING b.id, row_to_json(b.*) AS bet_row
    ), activity AS (
      INSERT INTO activities (user_id, type, description, bet_id, amount_cents)
        SELECT p.user_id, 'bet_placed', format('Placed %s on "%s" in "%s"', p.amount_text, p.label, p.title), p.bet_id, p.amount
        FROM placed p ORDER BY p.n
    ), notices AS (
      INSERT INTO notifications (user_id, type, title, body, bet_id, from_user_id)
        SELECT p.creator_id, 'bet_staked', 'New stake on your bet',
          format('%s staked %s on "%s" in "%s"', p.username, p.amount_text, p.label, p.title), p.bet_id, p.user_id
        FROM placed p
        WHERE NOT EXISTS (SELECT 1 FROM user_preferences pr
                          WHERE pr.user_id = p.creator_id AND pr.muted_notifications @> '["bet_staked"]'::jsonb)
        ORDER BY p.n
        RETURNING notifications.from_user_id, row_to_json(notifications.*) AS notification_row
    )
    -- A statement does not see its own writes: the answer is built from the rows they return.
    SELECT k.n,
      CASE WHEN k.refusal IS NOT NULL THEN k.refusal WHEN p.n IS NULL THEN 'insufficient_balance' ELSE 'ok' END,
      CASE WHEN p.n IS NOT NULL THEN json_build_object(
        'bet', pot.bet_row,
        'creatorUsername', (SELECT cu.username FROM users cu WHERE cu.id = p.creator_id),
        -- The options as this round's writes left them.
        'options', (SELECT json_agg(coalesce(w.option_row, row_to_json(o.*)) ORDER BY o.idx)
                    FROM bet_options o LEFT JOIN pools w ON w.bet_id = o.bet_id AND w.idx = o.idx
                    WHERE o.bet_id = p.bet_id),
        'viewerStake', s.stake_row) END,
      nt.notification_row
    FROM checked k
    LEFT JOIN placed p ON p.n = k.n
    LEFT JOIN pots pot ON pot.id = p.bet_id
    LEFT JOIN new_stakes s ON s.user_id = p.user_id
    LEFT JOIN notices nt ON nt.from_user_id = p.user_id
    ORDER BY k.n;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stake_on_bet(
  p_user integer, p_is_admin boolean, p_bet integer, p_option integer, p_amount bigint,
  p_username text, p_amount_text text
) RETURNS TABLE (result text, bet json, notification json)
LANGUAGE sql AS $$
  SELECT a.result, a.bet, a.notification
  FROM stake_on_bets(jsonb_build_array(jsonb_build_object(
    'userId', p_user, 'isAdmin', p_is_admin, 'betId', p_bet, 'option', p_option,
    'amountCents', p_amount, 'username', p_username, 'amountText', p_amount_text))) a;
$$;
