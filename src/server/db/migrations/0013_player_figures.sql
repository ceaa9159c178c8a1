-- The player figures get one definition and a read model kept by the writes
-- (docs/player-figures.md, docs/decisions/017-figures-kept-by-triggers.md). The read model's
-- rows are filled from the stakes by the backfill of this migration (figuresBackfills in
-- src/server/features/figures/rebuild.ts), the same code as `npm run figures:rebuild`.
ALTER TABLE "stakes" ADD COLUMN "outcome" text;
--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_outcome_known" CHECK ("stakes"."outcome" in ('won', 'lost', 'refunded'));
--> statement-breakpoint
-- How each settled stake ended: a refund when its bet was voided or nobody backed the winner.
UPDATE "stakes" s SET "outcome" = CASE
    WHEN b.status = 'void' OR coalesce(w.pool_cents, 0) = 0 THEN 'refunded'
    WHEN s.option_idx = b.winning_option THEN 'won'
    ELSE 'lost' END
  FROM "bets" b LEFT JOIN "bet_options" w ON w.bet_id = b.id AND w.idx = b.winning_option
  WHERE b.id = s.bet_id AND s.settled_cents IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_bets";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_wins";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_winnings_cents";
--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree ((lower("username") COLLATE "C"));
--> statement-breakpoint
DROP INDEX "users_email_lower_idx";
--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree ((lower("email") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX "users_balance_idx" ON "users" USING btree ("balance_cents","id");
--> statement-breakpoint
CREATE TABLE "player_figures" (
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"settled_bets" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"wagered_cents" bigint DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"rank_bucket" integer GENERATED ALWAYS AS (case when profit_cents = 0 then 0 else (sign(profit_cents::float8) * (1 + floor(ln(abs(profit_cents)::float8) * 8 / ln(2::float8))))::integer end) STORED,
	CONSTRAINT "player_figures_user_id_period_starts_on_pk" PRIMARY KEY("user_id","period","starts_on"),
	CONSTRAINT "player_figures_period_known" CHECK ("player_figures"."period" in ('week', 'month', 'all')),
	CONSTRAINT "player_figures_counts" CHECK ("player_figures"."bets" > 0 and "player_figures"."settled_bets" between 0 and "player_figures"."bets" and "player_figures"."wins" between 0 and "player_figures"."settled_bets")
);
--> statement-breakpoint
CREATE INDEX "player_figures_rank_idx" ON "player_figures" USING btree ("period","starts_on","rank_bucket","profit_cents","user_id" DESC) WHERE "player_figures"."listed";
--> statement-breakpoint
CREATE INDEX "player_figures_all_bets_idx" ON "player_figures" USING btree ("bets","user_id") WHERE "player_figures"."period" = 'all';
--> statement-breakpoint
CREATE TABLE "figures_ladder" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"rank_bucket" integer NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "figures_ladder_period_starts_on_rank_bucket_pk" PRIMARY KEY("period","starts_on","rank_bucket")
);
--> statement-breakpoint
CREATE TABLE "figures_players" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"shard" integer NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "figures_players_period_starts_on_shard_pk" PRIMARY KEY("period","starts_on","shard")
);
--> statement-breakpoint
CREATE TABLE "platform_totals" (
	"shard" integer PRIMARY KEY NOT NULL,
	"stakes" integer DEFAULT 0 NOT NULL,
	"volume_cents" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"active_bets" integer DEFAULT 0 NOT NULL,
	"active_value_cents" bigint DEFAULT 0 NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"deactivated_users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_days" (
	"day" date NOT NULL,
	"shard" integer NOT NULL,
	"volume_cents" bigint DEFAULT 0 NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"bets_created" integer DEFAULT 0 NOT NULL,
	"bets_resolved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_days_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
-- Functions no running code calls any more: the stake paths of earlier releases. The functions
-- in use live in the features' .sql files, applied at every start.
DROP FUNCTION IF EXISTS place_stake(integer, boolean, integer, integer, bigint, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS place_stake_answering_bet(integer, boolean, integer, integer, bigint, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS place_stakes(jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS stake_on_bet(integer, boolean, integer, integer, bigint, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS bet_audience(integer);
