-- Look-alike usernames (src/server/features/users/usernames.ts): each chosen name keeps its
-- confusable skeleton, unique, so "aIice" is taken once "alice" is. Existing users keep their
-- names: the backfill (usernameBackfills, same file) gives the skeleton to the earliest of any look-alike group and
-- leaves it empty (null, which a unique index lets repeat) for the later ones, whose group is
-- still held by that first name. Generated `user_` names carry none: they are placeholders.
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_key" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
-- Logout names the client instead of handing the browser an ID token: none is kept any more.
ALTER TABLE "sessions" DROP COLUMN "id_token_hint";
