DROP INDEX "crew_invites_crew_idx";--> statement-breakpoint
ALTER TABLE "crews" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "crews_name_skeleton_key" ON "crews" USING btree ("name_skeleton");--> statement-breakpoint
CREATE INDEX "crew_invites_crew_idx" ON "crew_invites" USING btree ("crew_id","inviter_id");