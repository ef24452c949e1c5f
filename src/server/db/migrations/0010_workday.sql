CREATE TABLE "booking_rules" (
	"business_id" text PRIMARY KEY NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"closed_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"slot_minutes" integer DEFAULT 60 NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_rules_slot_minutes_check" CHECK ("booking_rules"."slot_minutes" between 15 and 480),
	CONSTRAINT "booking_rules_capacity_check" CHECK ("booking_rules"."capacity" between 1 and 50),
	CONSTRAINT "booking_rules_notice_check" CHECK ("booking_rules"."min_notice_minutes" >= 0),
	CONSTRAINT "booking_rules_horizon_check" CHECK ("booking_rules"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"booking_id" uuid NOT NULL,
	"business_id" text NOT NULL,
	"field" text NOT NULL,
	"summary" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_offline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "booking_slug" text;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_history_booking_id_idx" ON "booking_history" USING btree ("booking_id","seq");--> statement-breakpoint
CREATE INDEX "booking_history_business_id_idx" ON "booking_history" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bookingSlug_unique" UNIQUE("booking_slug");