CREATE TABLE "booking_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"add_on_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"extra_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_add_ons_booking_add_on_uq" UNIQUE("booking_id","add_on_id"),
	CONSTRAINT "booking_add_ons_price_ck" CHECK ("booking_add_ons"."price_cents" between 0 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "service_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"vehicle_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_add_ons_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "service_add_ons_price_ck" CHECK ("service_add_ons"."price_cents" between 0 and 10000000),
	CONSTRAINT "service_add_ons_minutes_ck" CHECK ("service_add_ons"."extra_minutes" between 0 and 480)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_add_ons" ADD CONSTRAINT "booking_add_ons_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_add_ons" ADD CONSTRAINT "booking_add_ons_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_add_ons" ADD CONSTRAINT "service_add_ons_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_add_ons" ADD CONSTRAINT "service_add_ons_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_add_ons_business_add_on_idx" ON "booking_add_ons" USING btree ("business_id","add_on_id");--> statement-breakpoint
CREATE INDEX "service_add_ons_service_idx" ON "service_add_ons" USING btree ("business_id","service_id");--> statement-breakpoint
CREATE INDEX "bookings_completed_customer_idx" ON "bookings" USING btree ("business_id","customer_id","scheduled_at") WHERE "bookings"."status" = 'completed';