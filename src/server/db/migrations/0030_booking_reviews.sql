CREATE TABLE "booking_reviews" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"token" text NOT NULL,
	"testimonial_id" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_testimonial_id_testimonials_id_fk" FOREIGN KEY ("testimonial_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reviews_token_uq" ON "booking_reviews" USING btree ("token");--> statement-breakpoint
CREATE INDEX "booking_reviews_business_id_idx" ON "booking_reviews" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "booking_reviews_testimonial_id_idx" ON "booking_reviews" USING btree ("testimonial_id");