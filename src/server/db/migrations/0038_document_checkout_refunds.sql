ALTER TYPE "public"."document_checkout_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "document_checkouts" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "document_checkouts" ADD COLUMN "refunded_at" timestamp with time zone;