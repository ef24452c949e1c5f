CREATE TABLE "booking_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"customer_vehicle_id" uuid,
	"vehicle_type" "vehicle_type",
	"make" text,
	"model" text,
	"year" integer,
	"color" text,
	"service_id" uuid,
	"service_name" text NOT NULL,
	"service_price_cents" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_vehicles_booking_position_uq" UNIQUE("booking_id","position"),
	CONSTRAINT "booking_vehicles_ck" CHECK ("booking_vehicles"."position" between 0 and 9 and "booking_vehicles"."service_price_cents" between 0 and 100000000 and "booking_vehicles"."duration_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "extra_vehicles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "service_price_cents" integer;--> statement-breakpoint
ALTER TABLE "booking_vehicles" ADD CONSTRAINT "booking_vehicles_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_vehicles" ADD CONSTRAINT "booking_vehicles_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_vehicles" ADD CONSTRAINT "booking_vehicles_customer_vehicle_tenant_fk" FOREIGN KEY ("business_id","customer_vehicle_id") REFERENCES "public"."customer_vehicles"("business_id","id") ON DELETE SET NULL ("customer_vehicle_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_vehicles" ADD CONSTRAINT "booking_vehicles_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE SET NULL ("service_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_vehicles_business_booking_idx" ON "booking_vehicles" USING btree ("business_id","booking_id");--> statement-breakpoint
CREATE INDEX "booking_vehicles_customer_vehicle_idx" ON "booking_vehicles" USING btree ("customer_vehicle_id");--> statement-breakpoint
CREATE INDEX "booking_vehicles_service_idx" ON "booking_vehicles" USING btree ("service_id");--> statement-breakpoint
-- Every booking of a business so far had one vehicle: it becomes the booking's first (decision 1325). Its service's
-- price is what was quoted less the add-ons (discounts included, as the booking recorded no other split).
INSERT INTO "booking_vehicles" ("business_id", "booking_id", "position", "customer_vehicle_id", "vehicle_type", "make", "model", "year", "color", "service_id", "service_name", "service_price_cents", "duration_minutes", "add_ons", "created_at")
SELECT b."business_id", b."id", 0, b."customer_vehicle_id", cv."vehicle_type", cv."make", cv."model", cv."year", cv."color", b."service_id", b."service_name",
  greatest(b."quoted_price_cents" - coalesce(a."cents", 0), 0), b."duration_minutes", coalesce(a."list", '[]'::jsonb), b."created_at"
FROM "bookings" b
LEFT JOIN "customer_vehicles" cv ON cv."id" = b."customer_vehicle_id" AND cv."business_id" = b."business_id"
LEFT JOIN LATERAL (
  SELECT sum(ba."price_cents")::int AS "cents",
    jsonb_agg(jsonb_build_object('id', ba."add_on_id", 'name', ba."name", 'priceCents', ba."price_cents", 'extraMinutes', ba."extra_minutes") ORDER BY ba."name") AS "list"
  FROM "booking_add_ons" ba WHERE ba."booking_id" = b."id" AND ba."business_id" = b."business_id"
) a ON true
WHERE b."business_id" IS NOT NULL;