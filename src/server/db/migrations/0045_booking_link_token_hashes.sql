CREATE TABLE "booking_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"business_id" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_link_tokens_purpose_ck" CHECK ("booking_link_tokens"."purpose" in ('manage', 'review'))
);
--> statement-breakpoint
DROP INDEX "booking_manage_links_token_uq";--> statement-breakpoint
DROP INDEX "booking_reviews_token_uq";--> statement-breakpoint
ALTER TABLE "booking_link_tokens" ADD CONSTRAINT "booking_link_tokens_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_link_tokens" ADD CONSTRAINT "booking_link_tokens_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_link_tokens_booking_id_idx" ON "booking_link_tokens" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_link_tokens_business_id_idx" ON "booking_link_tokens" USING btree ("business_id");--> statement-breakpoint
-- Links sent before this migration keep working: the hash of every stored token moves to booking_link_tokens,
-- then the readable tokens are dropped (decision 1130).
INSERT INTO "booking_link_tokens" ("token_hash", "booking_id", "business_id", "purpose", "created_at")
SELECT encode(sha256(convert_to("token", 'UTF8')), 'hex'), "booking_id", "business_id", 'manage', "created_at" FROM "booking_manage_links" WHERE "token" IS NOT NULL;--> statement-breakpoint
INSERT INTO "booking_link_tokens" ("token_hash", "booking_id", "business_id", "purpose", "created_at")
SELECT encode(sha256(convert_to("token", 'UTF8')), 'hex'), "booking_id", "business_id", 'review', "created_at" FROM "booking_reviews" WHERE "token" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_manage_links" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "booking_reviews" DROP COLUMN "token";