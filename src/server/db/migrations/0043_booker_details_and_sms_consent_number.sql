ALTER TABLE "bookings" ADD COLUMN "booker_first_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booker_last_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booker_phone" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booker_sms_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD COLUMN "sms_phone" text;--> statement-breakpoint
-- An existing SMS opt-in was given for the number the customer had (decision 0936).
UPDATE "marketing_consents" SET "sms_phone" = "customers"."phone" FROM "customers" WHERE "customers"."id" = "marketing_consents"."customer_id" AND "marketing_consents"."sms_opt_in_at" IS NOT NULL;--> statement-breakpoint
-- Bookings made online keep what their booker entered, read back from their checkout.
UPDATE "bookings" SET "booker_first_name" = cs."first_name", "booker_last_name" = cs."last_name", "booker_phone" = cs."phone", "booker_sms_opt_in_at" = CASE WHEN cs."sms_marketing_opt_in" AND cs."phone" IS NOT NULL THEN cs."created_at" END FROM "checkout_sessions" cs WHERE cs."booking_id" = "bookings"."id";
