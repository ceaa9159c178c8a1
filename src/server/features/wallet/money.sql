-- Public: move_money, move_crew_money
--
-- Every movement of money, and the only writer of a balance and of the ledger
-- (docs/decisions/023-money-moves-in-one-place.md): a stake's debit (stake_on_bets, in
-- features/bets/stake.sql), and through moveMoney (service.ts) the payouts and refunds of a
-- settlement, an admin's adjustment and the starting grant. Each movement changes one balance
-- and writes its ledger row with the balance after it, in the caller's transaction, all in one
-- statement; it answers (user_id, balance_after) for the movements that happened.
--
-- The guard is the UPDATE's own WHERE: a movement that would take a balance below zero does not
-- happen (and writes no ledger row), so two debits racing can never both pass a check that only
-- one of them fits. One movement per user per call, so that each balance changes once and each
-- ledger row carries the balance its own change left; a second one for the same user, or one
-- for no user, is a mistake of the caller's and is refused. The users' rows are locked in id
-- order first, as the stake locks them, so that calls moving money for the same users never
-- deadlock.
CREATE OR REPLACE FUNCTION move_money(
  p_user_ids integer[], p_amounts bigint[], p_kind text, p_bet_ids integer[], p_notes text[]
) RETURNS TABLE (user_id integer, balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_users integer;
BEGIN
  -- Each user once: as many rows locked as movements asked for.
  SELECT count(*) INTO v_users
    FROM (SELECT 1 FROM users u WHERE u.id = ANY (p_user_ids) ORDER BY u.id FOR NO KEY UPDATE) locked;
  IF v_users <> coalesce(cardinality(p_user_ids), 0) THEN
    RAISE EXCEPTION 'move_money takes one movement per user, each of a user that exists, not %', p_user_ids;
  END IF;
  RETURN QUERY
  WITH moves AS (
    -- Bets and notes may be left out (null): unnest pads them with nulls.
    SELECT m.mover, m.amount, m.bet, m.note, m.i
    FROM unnest(p_user_ids, p_amounts, p_bet_ids, p_notes) WITH ORDINALITY AS m(mover, amount, bet, note, i)
  ), moved AS (
    UPDATE users u SET balance_cents = u.balance_cents + m.amount
      FROM moves m
      WHERE u.id = m.mover AND u.balance_cents + m.amount >= 0
      RETURNING u.id AS mover, u.balance_cents AS balance
  ), ledger AS (
    INSERT INTO ledger_entries (user_id, kind, amount_cents, balance_after_cents, bet_id, note)
      SELECT m.mover, p_kind, m.amount, d.balance, m.bet, m.note
      FROM moves m JOIN moved d ON d.mover = m.mover
      ORDER BY m.i
  )
  SELECT d.mover, d.balance FROM moved d;
END;
$$;
--> statement-breakpoint
-- A crew season's money (docs/product.md §6.7): the only writer of crew_balances and
-- crew_ledger_entries, with the same rules as move_money for the players' own money. Each
-- movement is one member's in one season: a crew stake's debit (stake_on_bets), a crew bet's
-- payouts and refunds (moveCrewMoney in service.ts, from settlement), and the grant of the
-- crew's starting balance to a member in a season. A grant happens once per member and season:
-- it opens the member's balance there, and a member who already has one (they left and came back
-- in the same season) is not granted again; the answer leaves them out.
-- The balance rows are locked in (season, user) order first, so that two calls never deadlock
-- over them; their callers lock the bets and the stakers' user rows before, in id order.
-- Its statements keep one plan per connection (plan_cache_mode): left to choose, PostgreSQL
-- planned the lock and the moves again on every call, as they join the arrays to crew_balances,
-- which was a twentieth of a stake batch's time (docs/decisions/012-stakes-in-batches.md).
CREATE OR REPLACE FUNCTION move_crew_money(
  p_season_ids integer[], p_user_ids integer[], p_amounts bigint[], p_kind text, p_bet_ids integer[]
) RETURNS TABLE (moved_season integer, moved_user integer, balance_after bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_moves integer := coalesce(cardinality(p_user_ids), 0);
  v_locked integer;
BEGIN
  IF v_moves = 0 THEN
    RETURN;
  END IF;
  IF (SELECT count(DISTINCT (m.s, m.u)) FROM unnest(p_season_ids, p_user_ids) AS m(s, u)) <> v_moves THEN
    RAISE EXCEPTION 'move_crew_money takes one movement per member and season, not %', p_user_ids;
  END IF;
  IF p_kind = 'grant' THEN
    RETURN QUERY
    WITH granted AS (
      INSERT INTO crew_balances AS b (season_id, user_id, balance_cents)
        SELECT m.s, m.u, m.a FROM unnest(p_season_ids, p_user_ids, p_amounts) AS m(s, u, a)
        WHERE m.a > 0
        ORDER BY m.s, m.u
      ON CONFLICT DO NOTHING
      RETURNING b.season_id AS s, b.user_id AS u, b.balance_cents AS balance
    ), ledger AS (
      INSERT INTO crew_ledger_entries (season_id, user_id, kind, amount_cents, balance_after_cents)
        SELECT g.s, g.u, 'grant', g.balance, g.balance FROM granted g ORDER BY g.s, g.u
    )
    SELECT g.s, g.u, g.balance FROM granted g;
    RETURN;
  END IF;
  SELECT count(*) INTO v_locked FROM (
    SELECT 1 FROM crew_balances b JOIN unnest(p_season_ids, p_user_ids) AS m(s, u) ON b.season_id = m.s AND b.user_id = m.u
    ORDER BY b.season_id, b.user_id FOR NO KEY UPDATE OF b
  ) locked;
  IF v_locked <> v_moves THEN
    RAISE EXCEPTION 'move_crew_money moves only balances that were granted, not %', p_user_ids;
  END IF;
  RETURN QUERY
  WITH moves AS (
    SELECT m.s, m.u, m.a, m.bet, m.i
    FROM unnest(p_season_ids, p_user_ids, p_amounts, p_bet_ids) WITH ORDINALITY AS m(s, u, a, bet, i)
  ), moved AS (
    UPDATE crew_balances b SET balance_cents = b.balance_cents + m.a
      FROM moves m
      WHERE b.season_id = m.s AND b.user_id = m.u AND b.balance_cents + m.a >= 0
      RETURNING b.season_id AS s, b.user_id AS u, b.balance_cents AS balance
  ), ledger AS (
    INSERT INTO crew_ledger_entries (season_id, user_id, kind, amount_cents, balance_after_cents, bet_id)
      SELECT m.s, m.u, p_kind, m.a, d.balance, m.bet
      FROM moves m JOIN moved d ON d.s = m.s AND d.u = m.u
      ORDER BY m.i
  )
  SELECT d.s, d.u, d.balance FROM moved d;
END;
$$;
