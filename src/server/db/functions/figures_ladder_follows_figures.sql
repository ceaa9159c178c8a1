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
