CREATE TABLE "route_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"day" date NOT NULL,
	"fingerprint" text NOT NULL,
	"plan" jsonb NOT NULL,
	"before_minutes" integer NOT NULL,
	"after_minutes" integer NOT NULL,
	"created_by" text,
	"applied_at" timestamp with time zone,
	"applied_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_plans_business_id_id_uq" UNIQUE("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "technician_locations" (
	"business_id" text NOT NULL,
	"technician_id" text NOT NULL,
	"start_address" text,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"end_address" text,
	"end_latitude" double precision,
	"end_longitude" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_locations_business_id_technician_id_pk" PRIMARY KEY("business_id","technician_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "planned_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "base_latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "base_longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "drive_circuity" double precision DEFAULT 1.25 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "drive_speed_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_applied_by_user_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_locations" ADD CONSTRAINT "technician_locations_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_locations" ADD CONSTRAINT "technician_locations_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_plans_business_day_idx" ON "route_plans" USING btree ("business_id","day");--> statement-breakpoint
CREATE INDEX "technician_locations_technician_id_idx" ON "technician_locations" USING btree ("technician_id");