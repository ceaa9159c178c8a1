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
