-- The four tables every stake writes lose their foreign keys (docs/decisions/014-stake-tables-without-foreign-keys.md).
-- Each stake fired nine checks, each a query of its own at the end of its statement: about a
-- fifth of a stake's time in PostgreSQL. Users and bets are never deleted, every writer has read
-- or locked the rows it refers to, and the ledger audit checks that every row of these tables
-- refers to an existing user and bet.
ALTER TABLE "activities" DROP CONSTRAINT "activities_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_bet_id_bets_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_bet_id_bets_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_bet_id_bets_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_from_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stakes" DROP CONSTRAINT "stakes_bet_id_bets_id_fk";
--> statement-breakpoint
ALTER TABLE "stakes" DROP CONSTRAINT "stakes_user_id_users_id_fk";
