CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"service_id" uuid,
	"customer_id" uuid,
	"customer_vehicle_id" uuid,
	"service_name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"interval_weeks" integer NOT NULL,
	"anchor_date" date NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"location_address" text NOT NULL,
	"zip_code" text,
	"vehicle_type" text NOT NULL,
	"vehicle_make" text,
	"vehicle_model" text,
	"vehicle_year" integer,
	"vehicle_color" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"notes" text,
	"price_cents" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"visit_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"setup_status" text DEFAULT 'open' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"connected_account" text,
	"provider_customer_id" text,
	"payment_method_id" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_providerSessionId_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "booking_series_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "booking_series_interval_ck" CHECK ("booking_series"."interval_weeks" in (1, 2, 4)),
	CONSTRAINT "booking_series_money_ck" CHECK ("booking_series"."visit_cents" >= 0 and "booking_series"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "repeatable_services" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"weekly_percent" integer DEFAULT 0 NOT NULL,
	"biweekly_percent" integer DEFAULT 0 NOT NULL,
	"four_weekly_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repeatable_services_percent_ck" CHECK ("repeatable_services"."weekly_percent" between 0 and 50 and "repeatable_services"."biweekly_percent" between 0 and 50 and "repeatable_services"."four_weekly_percent" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "series_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"series_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"application_fee_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_charges_amount_ck" CHECK ("series_charges"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "series_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"series_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"status" text NOT NULL,
	"booking_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeatable_services" ADD CONSTRAINT "repeatable_services_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeatable_services" ADD CONSTRAINT "repeatable_services_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_charges" ADD CONSTRAINT "series_charges_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_charges" ADD CONSTRAINT "series_charges_series_tenant_fk" FOREIGN KEY ("business_id","series_id") REFERENCES "public"."booking_series"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_charges" ADD CONSTRAINT "series_charges_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_visits" ADD CONSTRAINT "series_visits_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_visits" ADD CONSTRAINT "series_visits_series_tenant_fk" FOREIGN KEY ("business_id","series_id") REFERENCES "public"."booking_series"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_visits" ADD CONSTRAINT "series_visits_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_series_business_id_idx" ON "booking_series" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "booking_series_customer_id_idx" ON "booking_series" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "booking_series_service_id_idx" ON "booking_series" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "repeatable_services_business_id_idx" ON "repeatable_services" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "series_charges_business_id_idx" ON "series_charges" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "series_charges_series_id_idx" ON "series_charges" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_charges_booking_uq" ON "series_charges" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "series_visits_business_id_idx" ON "series_visits" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "series_visits_series_id_idx" ON "series_visits" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_visits_occurrence_uq" ON "series_visits" USING btree ("series_id","occurrence_date");--> statement-breakpoint
CREATE UNIQUE INDEX "series_visits_booking_uq" ON "series_visits" USING btree ("booking_id");