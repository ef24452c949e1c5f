CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"technician_id" text,
	"token_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "calendar_feeds_token_id_uq" UNIQUE("token_id"),
	CONSTRAINT "calendar_feeds_owner_uq" UNIQUE NULLS NOT DISTINCT("business_id","technician_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ical_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_business_id_idx" ON "calendar_feeds" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "calendar_feeds_technician_id_idx" ON "calendar_feeds" USING btree ("technician_id");--> statement-breakpoint
-- The calendar feeds' SEQUENCE (docs/decisions/1220): one place that sees every change of a booking, whichever
-- service made it (owner edits, status moves, self-service reschedules, the field app, lead assignment).
create or replace function bookings_bump_ical_sequence() returns trigger language plpgsql as $$
begin
  if new.scheduled_at is distinct from old.scheduled_at
     or new.duration_minutes is distinct from old.duration_minutes
     or new.status is distinct from old.status
     or new.location_address is distinct from old.location_address
     or new.service_name is distinct from old.service_name then
    new.ical_sequence := old.ical_sequence + 1;
  end if;
  return new;
end $$;
--> statement-breakpoint
create trigger bookings_ical_sequence before update on bookings
  for each row execute function bookings_bump_ical_sequence();
