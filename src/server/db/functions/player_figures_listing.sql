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
