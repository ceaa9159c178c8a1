-- The platform's running totals (admin reports) take in new stakes: their count and volume, the
-- value riding on open bets, and the volume of the day they were placed. Added to this
-- connection's row (its shard), so concurrent stakes do not queue on one row; reads sum them.
CREATE OR REPLACE FUNCTION platform_totals_on_stakes_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_shard integer := pg_backend_pid() % 16;
BEGIN
  INSERT INTO platform_totals AS t (shard, stakes, volume_cents, active_value_cents)
    SELECT v_shard, count(*)::integer, sum(s.amount_cents)::bigint, sum(s.amount_cents)::bigint FROM placed s HAVING count(*) > 0
  ON CONFLICT (shard) DO UPDATE SET stakes = t.stakes + excluded.stakes,
    volume_cents = t.volume_cents + excluded.volume_cents,
    active_value_cents = t.active_value_cents + excluded.active_value_cents;
  INSERT INTO platform_days AS d (day, shard, volume_cents)
    SELECT (s.created_at AT TIME ZONE 'UTC')::date, v_shard, sum(s.amount_cents)::bigint FROM placed s
    GROUP BY 1 ORDER BY 1
  ON CONFLICT (day, shard) DO UPDATE SET volume_cents = d.volume_cents + excluded.volume_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER platform_totals_on_stakes_placed AFTER INSERT ON stakes
  REFERENCING NEW TABLE AS placed FOR EACH STATEMENT EXECUTE FUNCTION platform_totals_on_stakes_placed();
