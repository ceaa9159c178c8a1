-- The platform's user counts: accounts that are active and those deactivated; sign-ups count on
-- their day.
CREATE OR REPLACE FUNCTION platform_totals_on_user_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_shard integer := pg_backend_pid() % 16;
  v_active integer := (NEW.deactivated_at IS NULL)::integer;
  v_active_before integer := 0;
  v_closed_before integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO platform_days AS d (day, shard, new_users) VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, v_shard, 1)
    ON CONFLICT (day, shard) DO UPDATE SET new_users = d.new_users + 1;
  ELSE
    v_active_before := (OLD.deactivated_at IS NULL)::integer;
    v_closed_before := 1 - v_active_before;
  END IF;
  INSERT INTO platform_totals AS t (shard, users, deactivated_users)
    VALUES (v_shard, v_active - v_active_before, (1 - v_active) - v_closed_before)
  ON CONFLICT (shard) DO UPDATE SET users = t.users + excluded.users, deactivated_users = t.deactivated_users + excluded.deactivated_users;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER platform_totals_on_user_created AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION platform_totals_on_user_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER platform_totals_on_user_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.deactivated_at IS DISTINCT FROM NEW.deactivated_at)
  EXECUTE FUNCTION platform_totals_on_user_change();
