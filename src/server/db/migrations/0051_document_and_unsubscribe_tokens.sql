ALTER TABLE "message_sends" ADD COLUMN "unsubscribe_by_id" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "legacy_token_hash" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "legacy_token_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_legacyTokenHash_unique" UNIQUE("legacy_token_hash");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_legacyTokenHash_unique" UNIQUE("legacy_token_hash");--> statement-breakpoint
-- Links sent before this migration keep working (decision 1164): the SHA-256 of every quote's and invoice's random
-- token is kept, then the readable tokens are dropped; new links are signed tokens of the id, stored nowhere.
UPDATE "quotes" SET "legacy_token_hash" = encode(sha256(convert_to("public_token", 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "invoices" SET "legacy_token_hash" = encode(sha256(convert_to("public_token", 'UTF8')), 'hex');--> statement-breakpoint
-- Marketing emails already sent carry /unsubscribe/<message id>: those rows keep unsubscribing by id.
UPDATE "message_sends" SET "unsubscribe_by_id" = true WHERE "marketing" = true;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_publicToken_unique";--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_publicToken_unique";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "public_token";--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "public_token";
