-- Recomputes the whole read model (player figures, their rank counts, the platform totals)
-- from the stakes, bets and users: for an operator after a restore or a bulk import
-- (`npm run figures:rebuild`), and as the backfill of the migration that introduced it. Writers
-- wait while it runs, so nothing moves between the recomputation and the new rows.
CREATE OR REPLACE FUNCTION rebuild_figures() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE stakes, bets, users, user_preferences IN SHARE MODE;
  TRUNCATE player_figures, figures_ladder, figures_players, platform_totals, platform_days;
  -- The ladder and the player counts follow these rows by their trigger.
  INSERT INTO player_figures (user_id, period, starts_on, bets, settled_bets, wins, wagered_cents, profit_cents, listed)
    SELECT user_id, period, starts_on, bets, settled_bets, wins, wagered_cents, profit_cents, listed
    FROM player_figures_from_stakes ORDER BY user_id, period, starts_on;
  INSERT INTO platform_totals (shard, stakes, volume_cents, bets, active_bets, active_value_cents, users, deactivated_users)
    SELECT 0, stakes, volume_cents, bets, active_bets, active_value_cents, users, deactivated_users FROM platform_totals_from_rows;
  INSERT INTO platform_days (day, shard, volume_cents, new_users, bets_created, bets_resolved)
    SELECT day, 0, volume_cents, new_users, bets_created, bets_resolved FROM platform_days_from_rows;
END;
$$;
