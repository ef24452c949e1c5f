CREATE TABLE "google_calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"calendar_id" uuid NOT NULL,
	"account_email" text,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"sync_token" text,
	"channel_id" uuid,
	"channel_token_hash" text,
	"channel_resource_id" text,
	"channel_expires_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_calendar_connections_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "google_calendar_connections_person_uq" UNIQUE("business_id","user_id"),
	CONSTRAINT "google_calendar_connections_channel_uq" UNIQUE("channel_id")
);
--> statement-breakpoint
CREATE TABLE "google_calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"written_sequence" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_calendar_events_booking_uq" UNIQUE("connection_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "google_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "external_busy_calendar_id_idx";--> statement-breakpoint
ALTER TABLE "external_calendars" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "external_busy" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD COLUMN "kind" text DEFAULT 'ical' NOT NULL;--> statement-breakpoint
ALTER TABLE "google_calendar_connections" ADD CONSTRAINT "google_calendar_connections_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_connections" ADD CONSTRAINT "google_calendar_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_connections" ADD CONSTRAINT "google_calendar_connections_calendar_tenant_fk" FOREIGN KEY ("business_id","calendar_id") REFERENCES "public"."external_calendars"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_events" ADD CONSTRAINT "google_calendar_events_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_events" ADD CONSTRAINT "google_calendar_events_connection_tenant_fk" FOREIGN KEY ("business_id","connection_id") REFERENCES "public"."google_calendar_connections"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_oauth_states" ADD CONSTRAINT "google_oauth_states_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_oauth_states" ADD CONSTRAINT "google_oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_calendar_connections_business_id_idx" ON "google_calendar_connections" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "google_calendar_connections_user_id_idx" ON "google_calendar_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "google_calendar_connections_calendar_id_idx" ON "google_calendar_connections" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "google_calendar_events_business_id_idx" ON "google_calendar_events" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "google_calendar_events_booking_id_idx" ON "google_calendar_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "google_oauth_states_business_id_idx" ON "google_oauth_states" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "google_oauth_states_user_id_idx" ON "google_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "external_busy_calendar_id_idx" ON "external_busy" USING btree ("calendar_id","source_id");