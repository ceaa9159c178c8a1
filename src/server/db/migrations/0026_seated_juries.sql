CREATE TABLE "bet_jurors" (
	"bet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "bet_jurors_bet_id_user_id_pk" PRIMARY KEY("bet_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "jurors_seated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_jurors" ADD CONSTRAINT "bet_jurors_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_jurors" ADD CONSTRAINT "bet_jurors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_jurors_user_idx" ON "bet_jurors" USING btree ("user_id","bet_id");