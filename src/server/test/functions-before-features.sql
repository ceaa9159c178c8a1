-- The SQL functions, views and triggers as the releases up to migration 0018 left them (the files
-- of src/server/db/functions then, in name order), for migrate.test.ts to prove that a database of
-- those releases moves to the features' SQL (docs/decisions/023-money-moves-in-one-place.md).
-- Test data only: the app never applies it.
-- One bet with its options, the viewer's own stake, whether they may stake on it, and its 50
-- most recent participants, newest first (PARTICIPANT_LIST_LIMIT in src/shared/schemas/bets.ts), as one JSON value: the bet detail
-- in one round trip (src/server/features/bets/queries.ts, findBetDetail). It does not check
-- visibility: its caller selects only bets the viewer may see.
CREATE OR REPLACE FUNCTION bet_detail(p_viewer integer, p_bet integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'bet', row_to_json(b),
      'creatorUsername', u.username,
      'options', (SELECT coalesce(json_agg(row_to_json(o) ORDER BY o.idx), '[]'::json)
                  FROM bet_options o WHERE o.bet_id = b.id),
      'viewerStake', (SELECT row_to_json(vs) FROM stakes vs WHERE vs.bet_id = b.id AND vs.user_id = p_viewer),
      -- Whether the viewer may stake on it, by the stake's own rules (stake_refusal.sql).
      'canStake', stake_refusal(true, b.creator_id, p_viewer, b.status, b.expires_at, true,
                    EXISTS (SELECT 1 FROM stakes vs WHERE vs.bet_id = b.id AND vs.user_id = p_viewer)) IS NULL,
      'participants', (SELECT coalesce(json_agg(json_build_object('stake', row_to_json(s), 'username', pu.username) ORDER BY s.id DESC), '[]'::json)
                       FROM (SELECT * FROM stakes rs WHERE rs.bet_id = b.id ORDER BY rs.id DESC LIMIT 50) s
                       JOIN users pu ON pu.id = s.user_id))
    FROM bets b JOIN users u ON u.id = b.creator_id
    WHERE b.id = p_bet);
END;
$$;
--> statement-breakpoint
-- Who sees a bet (docs/product.md §5.1): its creator, the creator's friends, whoever staked on it,
-- and the admins; a deleted bet, nobody. The one statement of the rule: the bet lists, the detail,
-- the stake (stake_on_bets.sql), the feed and the live audience all read it from these two views.
-- Asked about one bet or one viewer, PostgreSQL pushes the question into each branch, so each
-- is a lookup in an index (the bet's creator, the viewer's friendships, the viewer's stakes).
--
-- creators_seen: whose bets a user sees for who made them, their own and their friends'.
CREATE OR REPLACE VIEW creators_seen AS
  SELECT u.id AS viewer_id, u.id AS creator_id FROM users u
  UNION ALL
  SELECT f.requester_id, f.addressee_id FROM friendships f WHERE f.status = 'accepted'
  UNION ALL
  SELECT f.addressee_id, f.requester_id FROM friendships f WHERE f.status = 'accepted';
--> statement-breakpoint
-- bet_viewers: every (bet, user who sees it) pair; a pair may appear more than once.
-- The admins' branch comes first: asked whether one viewer sees one bet (`... limit 1`, the admin
-- feed and one creator's bets in features/bets/queries.ts), PostgreSQL runs the branches in order
-- and stops at the first row, so an admin is answered by one lookup in users_admins_idx instead
-- of their friendships for every bet (an admin's page of 50 bets at 100,000 players: 1.6 ms of
-- PostgreSQL's time before, 0.4 ms after); anyone else pays that one lookup.
CREATE OR REPLACE VIEW bet_viewers AS
  SELECT b.id AS bet_id, a.id AS viewer_id FROM bets b CROSS JOIN users a
    WHERE a.role = 'admin' AND a.deactivated_at IS NULL AND b.deleted_at IS NULL
  UNION ALL
  SELECT b.id, c.viewer_id FROM bets b JOIN creators_seen c ON c.creator_id = b.creator_id
    WHERE b.deleted_at IS NULL
  UNION ALL
  SELECT s.bet_id, s.user_id FROM stakes s JOIN bets b ON b.id = s.bet_id
    WHERE b.deleted_at IS NULL;
--> statement-breakpoint
-- The periods a stake counts in (src/shared/player-figures.ts, periodKey): the ISO week and the
-- calendar month in which it was placed, on UTC days, and all time (from 1970-01-01).
CREATE OR REPLACE FUNCTION figure_periods(p_placed_at timestamptz)
RETURNS TABLE (period text, starts_on date)
LANGUAGE sql STABLE AS $$
  VALUES ('week', date_trunc('week', p_placed_at AT TIME ZONE 'UTC')::date),
         ('month', date_trunc('month', p_placed_at AT TIME ZONE 'UTC')::date),
         ('all', date '1970-01-01')
$$;
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
-- The platform's figures per UTC day recomputed from the rows, as platform_days keeps them.
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
-- The platform's totals recomputed from the stakes, bets and users (one row), with the same
-- rules as the running totals in platform_totals: refunded stakes and deleted bets do not count.
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
-- The platform's bet counts follow each bet: a new bet counts and is open; a deleted one counts
-- nowhere (docs/product.md §10.3: deleted bets do not count), an open one stops being open when it
-- is resolved or voided; resolutions count on the day they happened.
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
--> statement-breakpoint
-- The player figures recomputed from the stakes alone (src/shared/player-figures.ts), row for row
-- what player_figures holds. rebuild_figures() fills the read model from it, and the ledger
-- audit compares the two.
CREATE OR REPLACE VIEW player_figures_from_stakes AS
  SELECT s.user_id, p.period, p.starts_on,
    count(*)::integer AS bets,
    (count(*) FILTER (WHERE s.outcome IS NOT NULL))::integer AS settled_bets,
    (count(*) FILTER (WHERE s.outcome = 'won'))::integer AS wins,
    sum(s.amount_cents)::bigint AS wagered_cents,
    coalesce(sum(s.settled_cents - s.amount_cents) FILTER (WHERE s.outcome IS NOT NULL), 0)::bigint AS profit_cents,
    bool_and(coalesce(pr.show_on_leaderboard, true) AND u.deactivated_at IS NULL) AS listed
  FROM stakes s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN user_preferences pr ON pr.user_id = s.user_id
  CROSS JOIN LATERAL figure_periods(s.created_at) p
  WHERE s.outcome IS DISTINCT FROM 'refunded'
  GROUP BY s.user_id, p.period, p.starts_on;
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
-- A stake's outcome enters its player's figures in the periods it was placed in
-- (src/shared/player-figures.ts): a refund takes the stake out of them altogether (and a period
-- left without a stake loses its row, so its player is no longer ranked there); a win or a loss
-- makes it settled, with its profit. Settlement sets a stake's outcome once, under the lock of
-- its player's row.
CREATE OR REPLACE FUNCTION player_figures_on_stake_settled() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
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
--> statement-breakpoint
-- Places a batch of stakes (one stake is a batch of one) in the caller's transaction and
-- answers each: 'ok' with the bet as its staker now sees it and the creator's notification, or
-- the first rule it breaks: those of stake_refusal.sql, then the balance, which the debit itself
-- checks. Nothing is written for a stake until all its checks pass, and the balance debit is the
-- guard for the rest (docs/product.md §2.2). src/server/features/bets/stakes.ts calls it and turns the answers into replies.
--
-- Why SQL, and why sets (docs/decisions/015-stakes-placed-as-sets.md): a stake is a dozen
-- writes, and placing a batch with a few set-based statements instead of a dozen statements per
-- stake is most of the stake path's speed. The batch is placed in rounds: round k holds each
-- user's k-th stake of the batch, so a round never holds two stakes of one user. No rule of one
-- user's stake depends on another user's stake (a balance, an earlier stake on the bet and the
-- right to see it are all the staker's own), so the stakes of a round are checked and written
-- together, and the rounds one after another give each user's stakes in their order. Almost
-- every batch is one round. A stake's answer is its bet as its round left it.
--
-- The player figures and the platform totals follow the new stakes rows by triggers
-- (player_figures_on_stakes_placed.sql, platform_totals_on_stakes_placed.sql).
CREATE OR REPLACE FUNCTION stake_on_bets(p_stakes jsonb)
RETURNS TABLE (n integer, result text, bet json, notification json)
LANGUAGE plpgsql AS $$
DECLARE
  v_rounds integer;
BEGIN
  -- The bets, then the stakers, locked in id order: batches on other connections never deadlock.
  PERFORM 1 FROM bets b
    WHERE b.id IN (SELECT (s->>'betId')::integer FROM jsonb_array_elements(p_stakes) s)
    ORDER BY b.id FOR UPDATE;
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT (s->>'userId')::integer FROM jsonb_array_elements(p_stakes) s)
    ORDER BY u.id FOR NO KEY UPDATE;
  SELECT max(c.stakes) INTO v_rounds
    FROM (SELECT count(*) AS stakes FROM jsonb_array_elements(p_stakes) s GROUP BY s->>'userId') c;

  -- Each round is one statement, so it reads what the rounds before it wrote, and the bets and
  -- stakes as they were committed once their locks were granted.
  FOR v_round IN 1 .. coalesce(v_rounds, 0) LOOP
    RETURN QUERY
    WITH calls AS (
      SELECT * FROM (
        SELECT (t.i - 1)::integer AS n, (t.s->>'userId')::integer AS user_id,
          (t.s->>'betId')::integer AS bet_id, (t.s->>'option')::integer AS option_idx,
          (t.s->>'amountCents')::bigint AS amount, t.s->>'username' AS username, t.s->>'amountText' AS amount_text,
          row_number() OVER (PARTITION BY t.s->>'userId' ORDER BY t.i) AS round
        FROM jsonb_array_elements(p_stakes) WITH ORDINALITY AS t(s, i)
      ) numbered
      WHERE numbered.round = v_round
    ), checked AS (
      SELECT c.*, b.creator_id, b.title, f.label,
        stake_refusal(
          EXISTS (SELECT 1 FROM bet_viewers v WHERE v.bet_id = c.bet_id AND v.viewer_id = c.user_id),
          b.creator_id, c.user_id, b.status, b.expires_at, f.label IS NOT NULL, f.staked) AS refusal
      FROM calls c
      LEFT JOIN bets b ON b.id = c.bet_id
      LEFT JOIN LATERAL (
        SELECT
          (SELECT o.label FROM bet_options o WHERE o.bet_id = c.bet_id AND o.idx = c.option_idx) AS label,
          EXISTS (SELECT 1 FROM stakes s WHERE s.bet_id = c.bet_id AND s.user_id = c.user_id) AS staked
      ) f ON true
    ), debit AS (
      -- One stake per user in a round, so one row of checked per user updated.
      UPDATE users u SET balance_cents = u.balance_cents - k.amount
        FROM checked k
        WHERE k.refusal IS NULL AND u.id = k.user_id AND u.balance_cents >= k.amount
        RETURNING u.id AS user_id, u.balance_cents
    ), placed AS (
      SELECT k.*, d.balance_cents FROM checked k JOIN debit d ON d.user_id = k.user_id
    ), new_stakes AS (
      INSERT INTO stakes (bet_id, user_id, option_idx, amount_cents)
        SELECT p.bet_id, p.user_id, p.option_idx, p.amount FROM placed p ORDER BY p.n
        RETURNING stakes.user_id, row_to_json(stakes.*) AS stake_row
    ), ledger AS (
      INSERT INTO ledger_entries (user_id, kind, amount_cents, balance_after_cents, bet_id)
        SELECT p.user_id, 'stake', -p.amount, p.balance_cents, p.bet_id FROM placed p ORDER BY p.n
    ), pools AS (
      UPDATE bet_options o SET pool_cents = o.pool_cents + g.amount, stake_count = o.stake_count + g.stakes
        FROM (SELECT p.bet_id, p.option_idx, sum(p.amount)::bigint AS amount, count(*)::integer AS stakes
              FROM placed p GROUP BY p.bet_id, p.option_idx) g
        WHERE o.bet_id = g.bet_id AND o.idx = g.option_idx
        RETURNING o.bet_id, o.idx, row_to_json(o.*) AS option_row
    ), pots AS (
      UPDATE bets b SET total_pot_cents = b.total_pot_cents + g.amount,
          participant_count = b.participant_count + g.stakes, updated_at = now()
        FROM (SELECT p.bet_id, sum(p.amount)::bigint AS amount, count(*)::integer AS stakes FROM placed p GROUP BY p.bet_id) g
        WHERE b.id = g.bet_id
        RETURNING b.id, row_to_json(b.*) AS bet_row
    ), activity AS (
      -- The line's facts; the feed words it for each reader (features/activities/service.ts).
      INSERT INTO activities (user_id, type, bet_id, amount_cents, option_idx)
        SELECT p.user_id, 'bet_placed', p.bet_id, p.amount, p.option_idx
        FROM placed p ORDER BY p.n
    ), notices AS (
      INSERT INTO notifications (user_id, type, title, body, bet_id, from_user_id)
        SELECT p.creator_id, 'bet_staked', 'New stake on your bet',
          format('%s staked %s on "%s" in "%s"', p.username, p.amount_text, p.label, p.title), p.bet_id, p.user_id
        FROM placed p
        WHERE NOT EXISTS (SELECT 1 FROM user_preferences pr
                          WHERE pr.user_id = p.creator_id AND pr.muted_notifications @> '["bet_staked"]'::jsonb)
        ORDER BY p.n
        RETURNING notifications.from_user_id, row_to_json(notifications.*) AS notification_row
    )
    -- A statement does not see its own writes: the answer is built from the rows they return.
    SELECT k.n,
      CASE WHEN k.refusal IS NOT NULL THEN k.refusal WHEN p.n IS NULL THEN 'insufficient_balance' ELSE 'ok' END,
      CASE WHEN p.n IS NOT NULL THEN json_build_object(
        'bet', pot.bet_row,
        'creatorUsername', (SELECT cu.username FROM users cu WHERE cu.id = p.creator_id),
        -- The options as this round's writes left them.
        'options', (SELECT json_agg(coalesce(w.option_row, row_to_json(o.*)) ORDER BY o.idx)
                    FROM bet_options o LEFT JOIN pools w ON w.bet_id = o.bet_id AND w.idx = o.idx
                    WHERE o.bet_id = p.bet_id),
        'viewerStake', s.stake_row) END,
      nt.notification_row
    FROM checked k
    LEFT JOIN placed p ON p.n = k.n
    LEFT JOIN pots pot ON pot.id = p.bet_id
    LEFT JOIN new_stakes s ON s.user_id = p.user_id
    LEFT JOIN notices nt ON nt.from_user_id = p.user_id
    ORDER BY k.n;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Why a user may not stake on a bet, or null when they may (docs/product.md §4.5), in the order the
-- rules are checked: the bet must be visible to them (bet_viewers.sql), not their own, open and not
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
