-- What other features ask of crews in SQL (docs/product.md §6.7).
--
-- crew_season_for_bet: the season a crew bet is made in, the crew's current one, when the creator
-- is one of its members (no row otherwise). The season's row is shared-locked until the bet
-- commits: ending the season (crews/service.ts) locks it first, so it waits for the bet and then
-- finds it among the season's open bets, or the bet waits and finds no current season, and asks
-- again (bets/service.ts), in a new statement that sees the next season.
CREATE OR REPLACE FUNCTION crew_season_for_bet(p_crew integer, p_user integer)
RETURNS TABLE (season_id integer, ends_at timestamptz)
LANGUAGE sql AS $$
  SELECT s.id, s.ends_at FROM crew_seasons s
  WHERE s.crew_id = p_crew AND s.ended_at IS NULL
    AND EXISTS (SELECT 1 FROM crew_members m WHERE m.crew_id = p_crew AND m.user_id = p_user)
  FOR SHARE OF s
$$;
