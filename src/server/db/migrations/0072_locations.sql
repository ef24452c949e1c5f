CREATE TABLE "location_technicians" (
	"business_id" text NOT NULL,
	"location_id" uuid NOT NULL,
	"technician_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_technicians_location_id_technician_id_pk" PRIMARY KEY("location_id","technician_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"address" text,
	"time_zone" text,
	"weekly_hours" jsonb,
	"is_primary" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "locations_primary_not_archived_ck" CHECK (not ("locations"."is_primary" and "locations"."archived_at" is not null)),
	CONSTRAINT "locations_zone_ck" CHECK ("locations"."is_primary" or "locations"."time_zone" is not null)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "location_technicians" ADD CONSTRAINT "location_technicians_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_technicians" ADD CONSTRAINT "location_technicians_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_technicians" ADD CONSTRAINT "location_technicians_location_tenant_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_technicians_business_id_idx" ON "location_technicians" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "location_technicians_technician_id_idx" ON "location_technicians" USING btree ("technician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_business_slug_uq" ON "locations" USING btree ("business_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_one_primary_uq" ON "locations" USING btree ("business_id") WHERE "locations"."is_primary";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_location_tenant_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_location_tenant_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_location_tenant_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_location_id_idx" ON "checkout_sessions" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "bookings_location_scheduled_idx" ON "bookings" USING btree ("location_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "service_areas_location_id_idx" ON "service_areas" USING btree ("location_id");--> statement-breakpoint
-- hand-written: every business gets its primary location (decision 1280), which reads the business's own settings.
INSERT INTO "locations" ("business_id", "name", "slug", "is_primary")
  SELECT "id", 'Main location', 'main', true FROM "profiles";--> statement-breakpoint
-- hand-written: every booking of a business is at its primary location.
UPDATE "bookings" b SET "location_id" = l."id"
  FROM "locations" l WHERE l."business_id" = b."business_id" AND l."is_primary";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_location_ck" CHECK ("bookings"."business_id" is null or "bookings"."location_id" is not null);--> statement-breakpoint
-- hand-written: a new business gets its primary location at once, whichever path made its profile.
CREATE OR REPLACE FUNCTION profiles_primary_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO locations (business_id, name, slug, is_primary) VALUES (NEW.id, 'Main location', 'main', true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_primary_location AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_primary_location();--> statement-breakpoint
-- hand-written: a booking written without a location (every path but /book's location links) is at the location
-- serving its zip, else at the primary one; a platform lead has none until it is assigned to a business.
CREATE OR REPLACE FUNCTION bookings_default_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A booking given to another business (a platform lead reassigned) leaves its old business's location behind.
  IF TG_OP = 'UPDATE' AND NEW.business_id IS DISTINCT FROM OLD.business_id THEN
    NEW.location_id := NULL;
  END IF;
  IF NEW.business_id IS NULL THEN
    NEW.location_id := NULL;
  ELSIF NEW.location_id IS NULL THEN
    NEW.location_id := coalesce(
      (SELECT a.location_id FROM service_areas a
         JOIN locations l ON l.business_id = a.business_id AND l.id = a.location_id
        WHERE a.business_id = NEW.business_id AND a.zip_code = NEW.zip_code AND l.archived_at IS NULL
        LIMIT 1),
      (SELECT id FROM locations WHERE business_id = NEW.business_id AND is_primary));
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER bookings_default_location BEFORE INSERT OR UPDATE OF business_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_default_location();
