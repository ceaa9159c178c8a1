-- Invite links (docs/product.md §6.2): the token's SHA-256 only, its inviter, an optional bet,
-- its uses.
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"inviter_id" integer NOT NULL,
	"bet_id" integer,
	"max_uses" integer DEFAULT 50 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_uses_within_max" CHECK ("invites"."uses" >= 0 and "invites"."uses" <= "invites"."max_uses")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_key" ON "invites" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "invites_inviter_idx" ON "invites" USING btree ("inviter_id","id");
--> statement-breakpoint
CREATE TABLE "invite_uses" (
	"invite_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_uses_invite_id_user_id_pk" PRIMARY KEY("invite_id","user_id")
);
