-- The periods a stake counts in (src/shared/player-figures.ts, periodKey): the ISO week and the
-- calendar month in which it was placed, on UTC days, and all time (from 1970-01-01).
CREATE OR REPLACE FUNCTION figure_periods(p_placed_at timestamptz)
RETURNS TABLE (period text, starts_on date)
LANGUAGE sql STABLE AS $$
  VALUES ('week', date_trunc('week', p_placed_at AT TIME ZONE 'UTC')::date),
         ('month', date_trunc('month', p_placed_at AT TIME ZONE 'UTC')::date),
         ('all', date '1970-01-01')
$$;
