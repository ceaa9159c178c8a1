CREATE TABLE "bet_disputes" (
	"bet_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_votes" (
	"bet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_votes_bet_id_user_id_pk" PRIMARY KEY("bet_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bets" DROP CONSTRAINT "bets_status_known";--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "proposed_option" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "evidence_text" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "evidence_url" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "challenge_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "jury_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "votes_cast" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "votes_needed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_disputes" ADD CONSTRAINT "bet_disputes_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_disputes" ADD CONSTRAINT "bet_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_votes" ADD CONSTRAINT "bet_votes_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_votes" ADD CONSTRAINT "bet_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_challenge_ends_idx" ON "bets" USING btree ("challenge_ends_at") WHERE "bets"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "bets_jury_ends_idx" ON "bets" USING btree ("jury_ends_at") WHERE "bets"."status" = 'disputed';--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_waiting_result_is_a_jury_bet" CHECK ("bets"."status" not in ('proposed', 'disputed') or "bets"."resolution_mode" = 'jury');--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_status_known" CHECK ("bets"."status" in ('active', 'proposed', 'disputed', 'resolved', 'void'));