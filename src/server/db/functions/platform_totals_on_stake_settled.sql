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
