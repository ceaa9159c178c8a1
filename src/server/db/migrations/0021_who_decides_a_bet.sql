ALTER TABLE "bets" ADD COLUMN "resolution_mode" text DEFAULT 'creator' NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "referee_id" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_referee_idx" ON "bets" USING btree ("referee_id") WHERE "bets"."referee_id" is not null;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_resolution_mode_known" CHECK ("bets"."resolution_mode" in ('creator', 'referee', 'jury'));--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_referee_with_its_mode" CHECK (("bets"."referee_id" is not null) = ("bets"."resolution_mode" = 'referee'));