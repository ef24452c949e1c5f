ALTER TABLE "document_checkouts" ADD COLUMN "destination_account" text;--> statement-breakpoint
ALTER TABLE "document_checkouts" ADD COLUMN "application_fee_cents" integer DEFAULT 0 NOT NULL;