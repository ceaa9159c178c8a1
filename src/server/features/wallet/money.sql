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
