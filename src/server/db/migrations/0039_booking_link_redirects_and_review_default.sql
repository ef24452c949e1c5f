CREATE TABLE "booking_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messaging_settings" ALTER COLUMN "review_requests" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "booking_slug_redirects" ADD CONSTRAINT "booking_slug_redirects_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_slug_redirects_business_id_idx" ON "booking_slug_redirects" USING btree ("business_id");