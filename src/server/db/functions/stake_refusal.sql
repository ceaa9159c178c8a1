-- Why a user may not stake on a bet, or null when they may (DESIGN §7), in the order the rules
-- are checked: the bet must be visible to them (bet_viewers.sql), not their own, open and not
-- expired by the database's clock; the option must exist; one stake per user and bet. The
-- balance is checked by the debit itself (stake_on_bets.sql). The stake and the bet detail's
-- "can stake" both ask it, so the rule is written once. A plain expression: PostgreSQL writes it
-- into each caller's query instead of calling it.
CREATE OR REPLACE FUNCTION stake_refusal(
  p_visible boolean, p_creator integer, p_user integer, p_status text, p_expires_at timestamptz,
  p_option_exists boolean, p_staked boolean
) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT p_visible THEN 'not_found'
    WHEN p_creator = p_user THEN 'own_bet'
    WHEN p_status <> 'active' THEN 'bet_closed'
    WHEN coalesce(p_expires_at <= now(), false) THEN 'bet_expired'
    WHEN NOT p_option_exists THEN 'invalid_option'
    WHEN p_staked THEN 'already_staked'
  END
$$;
