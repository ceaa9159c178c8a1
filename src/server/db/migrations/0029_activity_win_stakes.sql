ALTER TABLE "activities" ADD COLUMN "stake_cents" bigint;
--> statement-breakpoint
-- Lines written before: a win's stake from its stake row, so every win reads with its profit.
UPDATE "activities" a SET "stake_cents" = s."amount_cents" FROM "stakes" s WHERE a."type" = 'bet_won' AND s."bet_id" = a."bet_id" AND s."user_id" = a."user_id";
