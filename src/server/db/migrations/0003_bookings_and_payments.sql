CREATE TYPE "public"."checkout_status" AS ENUM('open', 'paid', 'completed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('test', 'stripe');--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_session_id" text NOT NULL,
	"business_id" text,
	"service_id" uuid,
	"service_name" text NOT NULL,
	"service_description" text,
	"duration_minutes" integer NOT NULL,
	"vehicle_type" "vehicle_type" NOT NULL,
	"vehicle_make" text,
	"vehicle_model" text,
	"vehicle_year" integer,
	"vehicle_color" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"location_address" text NOT NULL,
	"zip_code" varchar(5),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"special_instructions" text,
	"amount_cents" integer NOT NULL,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"payment_reference" text,
	"booking_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_providerSessionId_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_business_id_idx" ON "checkout_sessions" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_service_id_idx" ON "checkout_sessions" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_booking_id_idx" ON "checkout_sessions" USING btree ("booking_id");