-- The stake: its rules (stake_refusal) and the batch that places stakes (stake_on_bets).
--
-- stake_refusal: why a user may not stake on a bet, or null when they may (docs/product.md,
-- "Staking"), in the order the rules are checked: the bet must be visible to them
-- (visibility.sql), not their own, not one they referee (§4.6), open and not expired by the
-- database's clock; the option must exist; one stake per user and bet. The balance is checked by the debit itself (move_money). The
-- stake and the bet detail's "can stake" (bet-detail.sql) both ask it, so the rule is written
-- once. A plain expression: PostgreSQL writes it into each caller's query instead of calling it.
DROP FUNCTION IF EXISTS stake_refusal(boolean, integer, integer, text, timestamptz, boolean, boolean);
--> statement-breakpoint
DROP FUNCTION IF EXISTS stake_refusal(boolean, integer, integer, integer, text, timestamptz, boolean, boolean);
--> statement-breakpoint
-- p_member: whether the user may stake where the bet's money is, true for a bet among friends; for a
-- crew bet (§6.7), whether they are a member of its crew (crew_member_of, crews/crews.sql).
CREATE OR REPLACE FUNCTION stake_refusal(
  p_visible boolean, p_member boolean, p_creator integer, p_referee integer, p_user integer, p_status text,
  p_expires_at timestamptz, p_option_exists boolean, p_staked boolean
) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT p_visible THEN 'not_found'
    WHEN NOT p_member THEN 'not_member'
    WHEN p_creator = p_user THEN 'own_bet'
    WHEN p_referee = p_user THEN 'referee'
    WHEN p_status <> 'active' THEN 'bet_closed'
    WHEN coalesce(p_expires_at <= now(), false) THEN 'bet_expired'
    WHEN NOT p_option_exists THEN 'invalid_option'
    WHEN p_staked THEN 'already_staked'
  END
$$;
--> statement-breakpoint
-- A stake's arguments were one JSON value until typed arrays replaced them, and carried the
-- amount as text for the notification until notifications were stored as facts: the old forms go.
DROP FUNCTION IF EXISTS stake_on_bets(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS stake_on_bets(integer[], integer[], integer[], bigint[], text[], text[]);
--> statement-breakpoint
-- stake_on_bets places a batch of stakes (one stake is a batch of one) in the caller's
-- transaction and answers each: 'ok' with the bet as its staker now sees it and the creator's
-- notification, or the first rule it breaks: those of stake_refusal, then the balance, which the
-- debit itself checks. Each stake is the same position in every array (the n-th user stakes the
-- n-th amount on the n-th bet). Nothing is written for a stake until all its checks pass, and the
-- debit (move_money, features/wallet/money.sql) is the guard for the rest. stakes.ts calls it and
-- turns the answers into replies.
--
-- Why SQL, and why sets (docs/decisions/015-stakes-placed-as-sets.md): a stake is a dozen
-- writes, and placing a batch with a few set-based statements instead of a dozen statements per
-- stake is most of the stake path's speed. The batch is placed in rounds: round k holds each
-- user's k-th stake of the batch, so a round never holds two stakes of one user, and its debit
-- is one movement per user. No rule of one user's stake depends on another user's stake (a
-- balance, an earlier stake on the bet and the right to see it are all the staker's own), so the
-- stakes of a round are checked and written together, and the rounds one after another give each
-- user's stakes in their order. Almost every batch is one round. A stake's answer is its bet as
-- its round left it.
--
-- The player figures and the platform totals follow the new stakes rows by their triggers
-- (features/figures/figures.sql).
CREATE OR REPLACE FUNCTION stake_on_bets(
  p_user_ids integer[], p_bet_ids integer[], p_options integer[], p_amounts bigint[], p_usernames text[]
) RETURNS TABLE (n integer, result text, bet json, notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_rounds integer;
BEGIN
  -- The bets, then the stakers, locked in id order: batches on other connections never deadlock.
  PERFORM 1 FROM bets b WHERE b.id = ANY (p_bet_ids) ORDER BY b.id FOR UPDATE;
  PERFORM 1 FROM players u WHERE u.id = ANY (p_user_ids) ORDER BY u.id FOR NO KEY UPDATE;
  SELECT max(c.stakes) INTO v_rounds
    FROM (SELECT count(*) AS stakes FROM unnest(p_user_ids) AS s(staker) GROUP BY s.staker) c;

  -- Each round is one statement, so it reads what the rounds before it wrote, and the bets and
  -- stakes as they were committed once their locks were granted.
  FOR v_round IN 1 .. coalesce(v_rounds, 0) LOOP
    RETURN QUERY
    WITH calls AS (
      SELECT * FROM (
        SELECT (t.i - 1)::integer AS n, t.user_id, t.bet_id, t.option_idx, t.amount, t.username,
          row_number() OVER (PARTITION BY t.user_id ORDER BY t.i) AS round
        FROM unnest(p_user_ids, p_bet_ids, p_options, p_amounts, p_usernames)
          WITH ORDINALITY AS t(user_id, bet_id, option_idx, amount, username, i)
      ) numbered
      WHERE numbered.round = v_round
    ), checked AS (
      SELECT c.*, b.creator_id, b.title, b.season_id, f.label,
        stake_refusal(
          EXISTS (SELECT 1 FROM bet_viewers v WHERE v.bet_id = c.bet_id AND v.viewer_id = c.user_id),
          b.crew_id IS NULL OR crew_member_of(b.crew_id, c.user_id),
          b.creator_id, b.referee_id, c.user_id, b.status, b.expires_at, f.label IS NOT NULL, f.staked) AS refusal
      FROM calls c
      LEFT JOIN bets b ON b.id = c.bet_id
      LEFT JOIN LATERAL (
        SELECT
          (SELECT o.label FROM bet_options o WHERE o.bet_id = c.bet_id AND o.idx = c.option_idx) AS label,
          EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = c.bet_id AND s.user_id = c.user_id) AS staked
      ) f ON true
    ), debit AS (
      -- The stakes that passed every rule, debited in one movement: a stake whose balance does
      -- not cover it is not moved, and goes no further. A crew bet's stake is debited from the
      -- staker's balance in the bet's season (§6.7), never from their own.
      SELECT d.user_id, d.balance_after FROM move_money(
        ARRAY(SELECT k.user_id FROM checked k WHERE k.refusal IS NULL AND k.season_id IS NULL ORDER BY k.n),
        ARRAY(SELECT -k.amount FROM checked k WHERE k.refusal IS NULL AND k.season_id IS NULL ORDER BY k.n),
        'stake',
        ARRAY(SELECT k.bet_id FROM checked k WHERE k.refusal IS NULL AND k.season_id IS NULL ORDER BY k.n),
        NULL) d
      UNION ALL
      SELECT d.moved_user, d.balance_after FROM move_crew_money(
        ARRAY(SELECT k.season_id FROM checked k WHERE k.refusal IS NULL AND k.season_id IS NOT NULL ORDER BY k.n),
        ARRAY(SELECT k.user_id FROM checked k WHERE k.refusal IS NULL AND k.season_id IS NOT NULL ORDER BY k.n),
        ARRAY(SELECT -k.amount FROM checked k WHERE k.refusal IS NULL AND k.season_id IS NOT NULL ORDER BY k.n),
        'stake',
        ARRAY(SELECT k.bet_id FROM checked k WHERE k.refusal IS NULL AND k.season_id IS NOT NULL ORDER BY k.n)) d
    ), placed AS (
      SELECT k.* FROM checked k JOIN debit d ON d.user_id = k.user_id WHERE k.refusal IS NULL
    ), new_stakes AS (
      INSERT INTO stakes (bet_id, user_id, option_idx, amount_cents)
        SELECT p.bet_id, p.user_id, p.option_idx, p.amount FROM placed p ORDER BY p.n
        RETURNING stakes.user_id, row_to_json(stakes.*) AS stake_row
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
      -- The line's facts; the feed words it for each reader (features/activities/service.ts).
      INSERT INTO activities (user_id, type, bet_id, amount_cents, option_idx)
        SELECT p.user_id, 'bet_placed', p.bet_id, p.amount, p.option_idx
        FROM placed p ORDER BY p.n
    ), notices AS (
      -- The creator's notification, as its facts, through the notifications' one writer, which
      -- leaves it out when the creator muted stakes (notify_players, notifications/notifications.sql).
      -- Read by the answer below, so it is always run.
      SELECT nt.from_user_id, row_to_json(nt.*) AS notification_row
      FROM notify_players(
        ARRAY(SELECT p.creator_id FROM placed p ORDER BY p.n),
        ARRAY(SELECT 'bet_staked'::text FROM placed p ORDER BY p.n),
        ARRAY(SELECT jsonb_build_object('staker', p.username, 'amountCents', p.amount, 'option', p.label, 'bet', p.title)
              FROM placed p ORDER BY p.n),
        ARRAY(SELECT p.bet_id FROM placed p ORDER BY p.n),
        ARRAY(SELECT p.user_id FROM placed p ORDER BY p.n),
        ARRAY(SELECT NULL::integer FROM placed p ORDER BY p.n),
        ARRAY(SELECT NULL::integer FROM placed p ORDER BY p.n)) nt
    )
    -- A statement does not see its own writes: the answer is built from the rows they return.
    SELECT k.n,
      CASE WHEN k.refusal IS NOT NULL THEN k.refusal WHEN p.n IS NULL THEN 'insufficient_balance' ELSE 'ok' END,
      CASE WHEN p.n IS NOT NULL THEN json_build_object(
        'bet', pot.bet_row,
        'creatorUsername', (SELECT cu.username FROM players cu WHERE cu.id = p.creator_id),
        'refereeUsername', (SELECT ru.username FROM players ru WHERE ru.id = (pot.bet_row ->> 'referee_id')::integer),
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
