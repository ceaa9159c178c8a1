CREATE TABLE "crew_balances" (
	"season_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"balance_cents" bigint NOT NULL,
	CONSTRAINT "crew_balances_season_id_user_id_pk" PRIMARY KEY("season_id","user_id"),
	CONSTRAINT "crew_balances_non_negative" CHECK ("crew_balances"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crew_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bet_id" integer,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_ledger_entries_kind_known" CHECK ("crew_ledger_entries"."kind" in ('grant', 'stake', 'payout', 'refund')),
	CONSTRAINT "crew_ledger_entries_balance_after_non_negative" CHECK ("crew_ledger_entries"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crew_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"crew_id" integer NOT NULL,
	"inviter_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crew_members" (
	"crew_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_members_crew_id_user_id_pk" PRIMARY KEY("crew_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "crew_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"crew_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crew_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"crew_id" integer NOT NULL,
	"number" integer NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"winner_id" integer,
	"standings" text
);
--> statement-breakpoint
CREATE TABLE "crews" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"starting_balance_cents" bigint NOT NULL,
	"season_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crews_starting_balance_positive" CHECK ("crews"."starting_balance_cents" > 0),
	CONSTRAINT "crews_season_days_in_range" CHECK ("crews"."season_days" between 1 and 365)
);
--> statement-breakpoint
DROP INDEX "bets_creator_idx";--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "crew_id" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "season_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "crew_id" integer;--> statement-breakpoint
ALTER TABLE "crew_balances" ADD CONSTRAINT "crew_balances_season_id_crew_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."crew_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_balances" ADD CONSTRAINT "crew_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_ledger_entries" ADD CONSTRAINT "crew_ledger_entries_season_id_crew_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."crew_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_ledger_entries" ADD CONSTRAINT "crew_ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_ledger_entries" ADD CONSTRAINT "crew_ledger_entries_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_invites" ADD CONSTRAINT "crew_invites_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_invites" ADD CONSTRAINT "crew_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_members" ADD CONSTRAINT "crew_members_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_members" ADD CONSTRAINT "crew_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_messages" ADD CONSTRAINT "crew_messages_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_messages" ADD CONSTRAINT "crew_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_seasons" ADD CONSTRAINT "crew_seasons_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_seasons" ADD CONSTRAINT "crew_seasons_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crews" ADD CONSTRAINT "crews_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crew_ledger_entries_season_user_idx" ON "crew_ledger_entries" USING btree ("season_id","user_id","id");--> statement-breakpoint
CREATE INDEX "crew_ledger_entries_user_idx" ON "crew_ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crew_invites_token_hash_key" ON "crew_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "crew_invites_crew_idx" ON "crew_invites" USING btree ("crew_id");--> statement-breakpoint
CREATE INDEX "crew_members_user_idx" ON "crew_members" USING btree ("user_id","crew_id");--> statement-breakpoint
CREATE INDEX "crew_messages_crew_idx" ON "crew_messages" USING btree ("crew_id","id");--> statement-breakpoint
CREATE INDEX "crew_messages_sender_idx" ON "crew_messages" USING btree ("sender_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crew_seasons_number_key" ON "crew_seasons" USING btree ("crew_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "crew_seasons_current_key" ON "crew_seasons" USING btree ("crew_id") WHERE "crew_seasons"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "crew_seasons_ends_idx" ON "crew_seasons" USING btree ("ends_at") WHERE "crew_seasons"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_season_id_crew_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."crew_seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_crew_idx" ON "bets" USING btree ("crew_id","id") WHERE "bets"."crew_id" is not null and "bets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bets_season_idx" ON "bets" USING btree ("season_id") WHERE "bets"."season_id" is not null;--> statement-breakpoint
CREATE INDEX "bets_creator_idx" ON "bets" USING btree ("creator_id","id","crew_id") WHERE "bets"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_crew_with_its_season" CHECK (("bets"."crew_id" is null) = ("bets"."season_id" is null));