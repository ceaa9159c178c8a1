-- Activity lines keep facts instead of text: the feed words each line for its reader when it is
-- read, and shows a line about a bet only to whoever may see that bet then
-- (docs/decisions/018-one-rule-for-who-sees-a-bet.md). The facts the text held are taken back
-- from the rows written beside it (a user stakes once per bet; a bet resolves once) and, for a
-- friend line, from the name it ends with; a friend line whose name no user bears any more goes.
ALTER TABLE "activities" ADD COLUMN "option_idx" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "other_user_id" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "activities" a SET "option_idx" = s.option_idx FROM "stakes" s
  WHERE a.type = 'bet_placed' AND s.bet_id = a.bet_id AND s.user_id = a.user_id;--> statement-breakpoint
UPDATE "activities" a SET "option_idx" = b.winning_option FROM "bets" b
  WHERE a.type IN ('bet_won', 'bet_resolved') AND b.id = a.bet_id;--> statement-breakpoint
UPDATE "activities" a SET "other_user_id" = u.id FROM "users" u
  WHERE a.type = 'friend_accepted'
    AND lower(u.username) = lower(substr(a.description, length('You are now friends with ') + 1));--> statement-breakpoint
UPDATE "activities" a SET "other_user_id" = u.id FROM "users" u
  WHERE a.type = 'friend_request_sent'
    AND lower(u.username) = lower(substr(a.description, length('Sent a friend request to ') + 1));--> statement-breakpoint
DELETE FROM "activities" WHERE type IN ('friend_accepted', 'friend_request_sent') AND other_user_id IS NULL;--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_known" CHECK ("activities"."type" in ('bet_created', 'bet_placed', 'bet_resolved', 'bet_won', 'bet_lost', 'bet_refunded', 'friend_request_sent', 'friend_accepted'));
