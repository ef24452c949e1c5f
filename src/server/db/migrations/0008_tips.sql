ALTER TABLE "bookings" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;