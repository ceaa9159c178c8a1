-- The platform's bet counts follow each bet: a new bet counts and is open; a deleted one counts
-- nowhere (DESIGN §5: deleted bets do not count), an open one stops being open when it is
-- resolved or voided; resolutions count on the day they happened.
CREATE OR REPLACE FUNCTION platform_totals_on_bet_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_shard integer := pg_backend_pid() % 16;
  v_counted_before integer := 0;
  v_open_before integer := 0;
  v_resolved_before integer := 0;
  v_counted integer := (NEW.deleted_at IS NULL)::integer;
  v_open integer := (NEW.deleted_at IS NULL AND NEW.status = 'active')::integer;
  v_resolved integer := (NEW.deleted_at IS NULL AND NEW.status = 'resolved')::integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    v_counted_before := (OLD.deleted_at IS NULL)::integer;
    v_open_before := (OLD.deleted_at IS NULL AND OLD.status = 'active')::integer;
    v_resolved_before := (OLD.deleted_at IS NULL AND OLD.status = 'resolved')::integer;
  END IF;
  INSERT INTO platform_totals AS t (shard, bets, active_bets)
    VALUES (v_shard, v_counted - v_counted_before, v_open - v_open_before)
  ON CONFLICT (shard) DO UPDATE SET bets = t.bets + excluded.bets, active_bets = t.active_bets + excluded.active_bets;
  IF v_counted <> v_counted_before THEN
    INSERT INTO platform_days AS d (day, shard, bets_created)
      VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, v_shard, v_counted - v_counted_before)
    ON CONFLICT (day, shard) DO UPDATE SET bets_created = d.bets_created + excluded.bets_created;
  END IF;
  IF v_resolved <> v_resolved_before THEN
    INSERT INTO platform_days AS d (day, shard, bets_resolved)
      VALUES ((NEW.resolved_at AT TIME ZONE 'UTC')::date, v_shard, v_resolved - v_resolved_before)
    ON CONFLICT (day, shard) DO UPDATE SET bets_resolved = d.bets_resolved + excluded.bets_resolved;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER platform_totals_on_bet_created AFTER INSERT ON bets
  FOR EACH ROW EXECUTE FUNCTION platform_totals_on_bet_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER platform_totals_on_bet_changed AFTER UPDATE ON bets
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION platform_totals_on_bet_change();
