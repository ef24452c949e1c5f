CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"template_id" text,
	"target_audience" text DEFAULT 'all' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"prepared_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"email_unsubscribed_at" timestamp with time zone,
	"email_source" text,
	"email_updated_at" timestamp with time zone,
	"sms_opt_in_at" timestamp with time zone,
	"sms_source" text,
	"sms_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"campaign_id" uuid,
	"booking_id" uuid,
	"customer_id" uuid,
	"kind" text NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"dedupe_key" text NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"provider_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"category" text DEFAULT 'Custom' NOT NULL,
	"subject" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "sms_marketing_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_business_id_idx" ON "campaigns" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_consents_business_id_idx" ON "marketing_consents" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_sends_dedupe_key_uq" ON "message_sends" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "message_sends_business_id_idx" ON "message_sends" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "message_sends_campaign_status_idx" ON "message_sends" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "message_sends_booking_id_idx" ON "message_sends" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "message_sends_customer_id_idx" ON "message_sends" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "message_sends_due_idx" ON "message_sends" USING btree ("status","not_before") WHERE "message_sends"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "message_templates_business_id_idx" ON "message_templates" USING btree ("business_id","created_at");