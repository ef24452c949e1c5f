CREATE TABLE "booking_manage_links" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"token" text NOT NULL,
	"cancelling_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"reminder24h" boolean DEFAULT true NOT NULL,
	"reminder2h" boolean DEFAULT true NOT NULL,
	"review_requests" boolean DEFAULT false NOT NULL,
	"review_link" text,
	"winback" boolean DEFAULT false NOT NULL,
	"winback_days" integer DEFAULT 90 NOT NULL,
	"winback_channel" text DEFAULT 'email' NOT NULL,
	"winback_subject" text,
	"winback_message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_manage_links" ADD CONSTRAINT "booking_manage_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_manage_links" ADD CONSTRAINT "booking_manage_links_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_manage_links_token_uq" ON "booking_manage_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "booking_manage_links_business_id_idx" ON "booking_manage_links" USING btree ("business_id");