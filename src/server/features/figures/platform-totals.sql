-- The platform's running totals for the admin reports (platform_totals, and platform_days per UTC
-- day), kept by triggers on stakes, bets and users in the transactions that change them, with the
-- same rules as the player figures: refunded stakes and deleted bets count nowhere. Each trigger
-- adds to the row of its connection (its shard, pg_backend_pid() % 16), so concurrent writers do
-- not queue on one row; reads sum the shards.
--
-- platform_totals_from_rows and platform_days_from_rows: the same figures recomputed from the
-- rows, which rebuild_figures() (rebuild-figures.sql) fills them from; the ledger audit, and
-- reports.test.ts ("keeps its running totals equal to their recomputation"), hold the two equal.
CREATE OR REPLACE VIEW platform_totals_from_rows AS
  SELECT
    (SELECT count(*) FROM stakes WHERE outcome IS DISTINCT FROM 'refunded')::integer AS stakes,
    (SELECT coalesce(sum(amount_cents), 0) FROM stakes WHERE outcome IS DISTINCT FROM 'refunded')::bigint AS volume_cents,
    (SELECT count(*) FROM bets WHERE deleted_at IS NULL)::integer AS bets,
    (SELECT count(*) FROM bets WHERE deleted_at IS NULL AND status = 'active')::integer AS active_bets,
    (SELECT coalesce(sum(amount_cents), 0) FROM stakes WHERE outcome IS NULL)::bigint AS active_value_cents,
    (SELECT count(*) FROM users WHERE deactivated_at IS NULL)::integer AS users,
    (SELECT count(*) FROM users WHERE deactivated_at IS NOT NULL)::integer AS deactivated_users;
--> statement-breakpoint
CREATE OR REPLACE VIEW platform_days_from_rows AS
  SELECT day, sum(volume_cents)::bigint AS volume_cents, sum(new_users)::integer AS new_users,
    sum(bets_created)::integer AS bets_created, sum(bets_resolved)::integer AS bets_resolved
  FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, amount_cents AS volume_cents, 0 AS new_users, 0 AS bets_created, 0 AS bets_resolved
      FROM stakes WHERE outcome IS DISTINCT FROM 'refunded'
    UNION ALL
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 1, 0, 0 FROM users
    UNION ALL
    SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 1, 0 FROM bets WHERE deleted_at IS NULL
    UNION ALL
    SELECT (resolved_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 1 FROM bets WHERE deleted_at IS NULL AND status = 'resolved'
  ) facts
  GROUP BY day;
--> statement-breakpoint
-- New stakes: their count and volume, the value riding on open bets, and the volume of the day
-- they were placed.
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
--> statement-breakpoint
-- A settled stake no longer rides on an open bet; a refunded one leaves the volume altogether,
-- from the day it was placed (the same rule as the player figures: refunds count nowhere).
CREATE OR REPLACE FUNCTION platform_totals_on_stake_settled() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_shard integer := pg_backend_pid() % 16;
  v_refunded integer := (NEW.outcome = 'refunded')::integer;
BEGIN
  INSERT INTO platform_totals AS t (shard, stakes, volume_cents, active_value_cents)
    VALUES (v_shard, -v_refunded, -v_refunded * NEW.amount_cents, -NEW.amount_cents)
  ON CONFLICT (shard) DO UPDATE SET stakes = t.stakes + excluded.stakes,
    volume_cents = t.volume_cents + excluded.volume_cents,
    active_value_cents = t.active_value_cents + excluded.active_value_cents;
  IF v_refunded = 1 THEN
    INSERT INTO platform_days AS d (day, shard, volume_cents)
      VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, v_shard, -NEW.amount_cents)
    ON CONFLICT (day, shard) DO UPDATE SET volume_cents = d.volume_cents + excluded.volume_cents;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER platform_totals_on_stake_settled AFTER UPDATE ON stakes
  FOR EACH ROW WHEN (OLD.outcome IS NULL AND NEW.outcome IS NOT NULL)
  EXECUTE FUNCTION platform_totals_on_stake_settled();
--> statement-breakpoint
-- The platform's bet counts follow each bet: a new bet counts and is open; a deleted one counts
-- nowhere, an open one stops being open when it is
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
--> statement-breakpoint
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
