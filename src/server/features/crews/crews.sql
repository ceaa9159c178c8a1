-- What other features ask of crews in SQL (docs/product.md §6.7): who is a member, and the season
-- a crew bet is made in. Nothing outside this folder names crew_members.
-- Public: crew_memberships, crew_member_of, crew_season_for_bet
--
-- crew_memberships: every (crew, member) pair with when the member joined: the one statement of
-- who belongs to a crew. A bet's circle (bets/visibility.sql), its jury (bets/jury.sql), a
-- viewer's crew bets (bets/queries.ts) and a crew's notifications read it.
CREATE OR REPLACE VIEW crew_memberships AS
  SELECT m.crew_id, m.user_id, m.joined_at FROM crew_members m;
--> statement-breakpoint
-- crew_member_of: whether a user is one of the crew's members now.
CREATE OR REPLACE FUNCTION crew_member_of(p_crew integer, p_user integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM crew_memberships m WHERE m.crew_id = p_crew AND m.user_id = p_user)
$$;
--> statement-breakpoint
-- crew_season_for_bet: the season a crew bet is made in, the crew's current one, when the creator
-- is one of its members (no row otherwise). The season's row is shared-locked until the bet
-- commits: ending the season (crews/service.ts) locks it first, so it waits for the bet and then
-- finds it among the season's open bets, or the bet waits and finds no current season, and asks
-- again (seasonForCrewBet, crews/service.ts), in a new statement that sees the next season.
CREATE OR REPLACE FUNCTION crew_season_for_bet(p_crew integer, p_user integer)
RETURNS TABLE (season_id integer, ends_at timestamptz)
LANGUAGE sql AS $$
  SELECT s.id, s.ends_at FROM crew_seasons s
  WHERE s.crew_id = p_crew AND s.ended_at IS NULL AND crew_member_of(p_crew, p_user)
  FOR SHARE OF s
$$;
