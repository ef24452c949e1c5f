CREATE TABLE "booking_photo_consents" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"source" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_photo_consents_source_ck" CHECK ("booking_photo_consents"."source" in ('booking', 'gallery'))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "photo_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "field_photos" ADD COLUMN "featured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_photo_consents" ADD CONSTRAINT "booking_photo_consents_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_photo_consents" ADD CONSTRAINT "booking_photo_consents_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_photo_consents_business_id_idx" ON "booking_photo_consents" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "field_photos_featured_idx" ON "field_photos" USING btree ("business_id","featured_at");