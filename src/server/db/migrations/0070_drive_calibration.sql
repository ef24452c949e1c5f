CREATE TABLE "drive_observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"technician_id" text,
	"from_booking_id" uuid NOT NULL,
	"to_booking_id" uuid NOT NULL,
	"observed_minutes" double precision NOT NULL,
	"predicted_minutes" double precision NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drive_observations_to_booking_uq" UNIQUE("business_id","to_booking_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "drive_calibration" double precision;--> statement-breakpoint
ALTER TABLE "drive_observations" ADD CONSTRAINT "drive_observations_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_observations" ADD CONSTRAINT "drive_observations_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_observations" ADD CONSTRAINT "drive_observations_from_booking_fk" FOREIGN KEY ("business_id","from_booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_observations" ADD CONSTRAINT "drive_observations_to_booking_fk" FOREIGN KEY ("business_id","to_booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_observations_business_arrived_idx" ON "drive_observations" USING btree ("business_id","arrived_at");--> statement-breakpoint
CREATE INDEX "drive_observations_technician_id_idx" ON "drive_observations" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "drive_observations_from_booking_idx" ON "drive_observations" USING btree ("business_id","from_booking_id");