-- Every figure derived from money, kept by triggers in the transaction that moves it: the player
-- figures with their rank counts, then the platform's running totals for the admin reports.
-- Application code never writes them; rebuild-figures.sql recomputes them all from the rows.
--
-- The player figures (docs/player-figures.md), kept in the read model player_figures by triggers
-- in the transaction that moves the money, and the two counts a rank is read from
-- (figures_players, figures_ladder). Application code never writes them.
--
-- A speed copy of the one definition, computeFigures and rankAmong in
-- src/shared/player-figures.ts (decision record 017): read-model.test.ts holds the read model and
-- the ranks read from it to that definition, after any history; the ledger audit holds them to
-- player_figures_from_stakes below.
--
-- figure_periods: the periods a stake counts in, the ISO week and the calendar month in which it
-- was placed, on UTC days, and all time (from 1970-01-01).
CREATE OR REPLACE FUNCTION figure_periods(p_placed_at timestamptz)
RETURNS TABLE (period text, starts_on date)
LANGUAGE sql STABLE AS $$
  VALUES ('week', date_trunc('week', p_placed_at AT TIME ZONE 'UTC')::date),
         ('month', date_trunc('month', p_placed_at AT TIME ZONE 'UTC')::date),
         ('all', date '1970-01-01')
$$;
--> statement-breakpoint
-- player_figures_from_stakes: the player figures recomputed from the stakes alone, row for row
-- what player_figures holds. A crew bet's stakes are the crew's economy, not the player's own
-- (docs/product.md §6.7): they count in the crew's standings, never here. rebuild_figures() (rebuild-figures.sql) fills the read model from it,
-- and the ledger audit compares the two.
CREATE OR REPLACE VIEW player_figures_from_stakes AS
  SELECT s.user_id, p.period, p.starts_on,
    count(*)::integer AS bets,
    (count(*) FILTER (WHERE s.outcome IS NOT NULL))::integer AS settled_bets,
    (count(*) FILTER (WHERE s.outcome = 'won'))::integer AS wins,
    sum(s.amount_cents)::bigint AS wagered_cents,
    coalesce(sum(s.settled_cents - s.amount_cents) FILTER (WHERE s.outcome IS NOT NULL), 0)::bigint AS profit_cents,
    bool_and(coalesce(pr.show_on_leaderboard, true) AND u.deactivated_at IS NULL) AS listed
  FROM stakes s
  JOIN bets b ON b.id = s.bet_id AND b.crew_id IS NULL
  JOIN users u ON u.id = s.user_id
  LEFT JOIN user_preferences pr ON pr.user_id = s.user_id
  CROSS JOIN LATERAL figure_periods(s.created_at) p
  WHERE s.outcome IS DISTINCT FROM 'refunded'
  GROUP BY s.user_id, p.period, p.starts_on;
--> statement-breakpoint
-- New stakes count in their player's bets and wagered amount in each period they were placed in
-- (src/shared/player-figures.ts), a crew bet's never. Runs once per statement that inserts stakes, in its
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
    JOIN bets b ON b.id = s.bet_id AND b.crew_id IS NULL
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
--> statement-breakpoint
-- A stake's outcome enters its player's figures in the periods it was placed in
-- (src/shared/player-figures.ts): a refund takes the stake out of them altogether (and a period
-- left without a stake loses its row, so its player is no longer ranked there); a win or a loss
-- makes it settled, with its profit. Settlement sets a stake's outcome once, under the lock of
-- its player's row.
CREATE OR REPLACE FUNCTION player_figures_on_stake_settled() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A crew bet's stakes count in their crew's standings, never here (§6.7).
  IF EXISTS (SELECT 1 FROM bets b WHERE b.id = NEW.bet_id AND b.crew_id IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  IF NEW.outcome = 'refunded' THEN
    DELETE FROM player_figures f USING figure_periods(NEW.created_at) p
      WHERE f.user_id = NEW.user_id AND f.period = p.period AND f.starts_on = p.starts_on AND f.bets = 1;
    UPDATE player_figures f
      SET bets = f.bets - 1, wagered_cents = f.wagered_cents - NEW.amount_cents
      FROM figure_periods(NEW.created_at) p
      WHERE f.user_id = NEW.user_id AND f.period = p.period AND f.starts_on = p.starts_on;
  ELSE
    UPDATE player_figures f
      SET settled_bets = f.settled_bets + 1,
        wins = f.wins + (NEW.outcome = 'won')::integer,
        profit_cents = f.profit_cents + NEW.settled_cents - NEW.amount_cents
      FROM figure_periods(NEW.created_at) p
      WHERE f.user_id = NEW.user_id AND f.period = p.period AND f.starts_on = p.starts_on;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER player_figures_on_stake_settled AFTER UPDATE ON stakes
  FOR EACH ROW WHEN (OLD.outcome IS NULL AND NEW.outcome IS NOT NULL)
  EXECUTE FUNCTION player_figures_on_stake_settled();
--> statement-breakpoint
-- Keeps the two counts a rank is read from (docs/decisions/017-figures-kept-by-triggers.md):
-- figures_players, how many listed players each period ranks, and figures_ladder, how many of
-- them have a profit in each non-zero band (player_figures.rank_bucket). New figures rows come
-- in whole statements (a batch of first stakes); a row changes band, listing, or goes one at a
-- time (settlements, refunds, privacy). figures_players is added to in the row of this
-- connection (its shard), so concurrent stakes do not queue on one counter.
CREATE OR REPLACE FUNCTION figures_ladder_follows_figures() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_shard integer := pg_backend_pid() % 16;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO figures_players AS c (period, starts_on, shard, players)
      SELECT a.period, a.starts_on, v_shard, count(*)::integer FROM added a WHERE a.listed
      GROUP BY a.period, a.starts_on ORDER BY a.period, a.starts_on
    ON CONFLICT (period, starts_on, shard) DO UPDATE SET players = c.players + excluded.players;
    INSERT INTO figures_ladder AS l (period, starts_on, rank_bucket, players)
      SELECT a.period, a.starts_on, a.rank_bucket, count(*)::integer FROM added a WHERE a.listed AND a.rank_bucket <> 0
      GROUP BY a.period, a.starts_on, a.rank_bucket ORDER BY a.period, a.starts_on, a.rank_bucket
    ON CONFLICT (period, starts_on, rank_bucket) DO UPDATE SET players = l.players + excluded.players;
    RETURN NULL;
  END IF;

  IF OLD.listed THEN
    IF OLD.rank_bucket <> 0 THEN
      UPDATE figures_ladder SET players = players - 1
        WHERE period = OLD.period AND starts_on = OLD.starts_on AND rank_bucket = OLD.rank_bucket;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.listed THEN
      INSERT INTO figures_players AS c (period, starts_on, shard, players) VALUES (OLD.period, OLD.starts_on, v_shard, -1)
      ON CONFLICT (period, starts_on, shard) DO UPDATE SET players = c.players - 1;
    END IF;
    RETURN NULL;
  END IF;
  IF OLD.listed AND NOT NEW.listed THEN
    INSERT INTO figures_players AS c (period, starts_on, shard, players) VALUES (OLD.period, OLD.starts_on, v_shard, -1)
    ON CONFLICT (period, starts_on, shard) DO UPDATE SET players = c.players - 1;
  END IF;
  IF NEW.listed THEN
    IF NEW.rank_bucket <> 0 THEN
      INSERT INTO figures_ladder AS l (period, starts_on, rank_bucket, players) VALUES (NEW.period, NEW.starts_on, NEW.rank_bucket, 1)
      ON CONFLICT (period, starts_on, rank_bucket) DO UPDATE SET players = l.players + 1;
    END IF;
    IF NOT OLD.listed THEN
      INSERT INTO figures_players AS c (period, starts_on, shard, players) VALUES (NEW.period, NEW.starts_on, v_shard, 1)
      ON CONFLICT (period, starts_on, shard) DO UPDATE SET players = c.players + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER figures_ladder_on_insert AFTER INSERT ON player_figures
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION figures_ladder_follows_figures();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER figures_ladder_on_update AFTER UPDATE ON player_figures
  FOR EACH ROW WHEN (OLD.rank_bucket IS DISTINCT FROM NEW.rank_bucket OR OLD.listed IS DISTINCT FROM NEW.listed)
  EXECUTE FUNCTION figures_ladder_follows_figures();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER figures_ladder_on_delete AFTER DELETE ON player_figures
  FOR EACH ROW EXECUTE FUNCTION figures_ladder_follows_figures();
--> statement-breakpoint
-- Whether a player counts on the leaderboard follows their privacy setting and their account:
-- hidden players and deactivated accounts are not counted above anyone (src/shared/player-figures.ts).
CREATE OR REPLACE FUNCTION player_figures_listing() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_user integer;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    v_user := NEW.id;
  ELSE
    v_user := NEW.user_id;
  END IF;
  UPDATE player_figures f
    SET listed = coalesce((SELECT pr.show_on_leaderboard FROM user_preferences pr WHERE pr.user_id = v_user), true)
      AND (SELECT u.deactivated_at IS NULL FROM users u WHERE u.id = v_user)
    WHERE f.user_id = v_user;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER player_figures_listing AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.deactivated_at IS DISTINCT FROM NEW.deactivated_at)
  EXECUTE FUNCTION player_figures_listing();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER player_figures_listing_preferences AFTER INSERT OR UPDATE OF show_on_leaderboard ON user_preferences
  FOR EACH ROW EXECUTE FUNCTION player_figures_listing();
--> statement-breakpoint
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
