CREATE TABLE "external_busy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"calendar_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_busy_span_ck" CHECK ("external_busy"."ends_at" > "external_busy"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "external_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_calendars_business_id_id_uq" UNIQUE("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_calendar_tenant_fk" FOREIGN KEY ("business_id","calendar_id") REFERENCES "public"."external_calendars"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_busy_business_starts_idx" ON "external_busy" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "external_busy_calendar_id_idx" ON "external_busy" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "external_calendars_business_id_idx" ON "external_calendars" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "external_calendars_user_id_idx" ON "external_calendars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "external_calendars_last_fetched_idx" ON "external_calendars" USING btree ("last_fetched_at");