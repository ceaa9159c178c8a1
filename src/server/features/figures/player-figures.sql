-- New stakes count in their player's bets and wagered amount in each period they were placed in
-- (src/shared/player-figures.ts). Runs once per statement that inserts stakes, in its
-- transaction, over all its rows at once: a batch of stakes costs one upsert, not one per stake.
-- A user's stakes are placed under their user row's lock, so two statements never write the
-- same figures row at once.
CREATE OR REPLACE FUNCTION player_figures_on_stakes_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_figures AS f (user_id, period, starts_on, bets, wagered_cents, listed)
    SELECT s.user_id, p.period, p.starts_on, count(*)::integer, sum(s.amount_cents)::bigint,
      bool_and(coalesce(pr.show_on_leaderboard, true) AND u.deactivated_at IS NULL)
    FROM placed s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN user_preferences pr ON pr.user_id = s.user_id
    CROSS JOIN LATERAL figure_periods(s.created_at) p
    GROUP BY s.user_id, p.period, p.starts_on
    ORDER BY s.user_id, p.period, p.starts_on
  ON CONFLICT (user_id, period, starts_on) DO UPDATE
    SET bets = f.bets + excluded.bets, wagered_cents = f.wagered_cents + excluded.wagered_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER player_figures_on_stakes_placed AFTER INSERT ON stakes
  REFERENCING NEW TABLE AS placed FOR EACH STATEMENT EXECUTE FUNCTION player_figures_on_stakes_placed();
