CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"technician_id" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"device_started_at" text,
	"device_ended_at" text,
	"lat" double precision,
	"lng" double precision,
	"edited_at" timestamp with time zone,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_kind_ck" CHECK ("time_entries"."kind" in ('shift', 'job')),
	CONSTRAINT "time_entries_booking_ck" CHECK (("time_entries"."kind" = 'job') = ("time_entries"."booking_id" is not null)),
	CONSTRAINT "time_entries_order_ck" CHECK ("time_entries"."ended_at" is null or "time_entries"."ended_at" > "time_entries"."started_at")
);
--> statement-breakpoint
CREATE TABLE "time_entry_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"edited_by" text,
	"editor_name" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_edits" ADD CONSTRAINT "time_entry_edits_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_edits" ADD CONSTRAINT "time_entry_edits_entry_id_time_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."time_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_edits" ADD CONSTRAINT "time_entry_edits_edited_by_user_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_business_started_idx" ON "time_entries" USING btree ("business_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_technician_idx" ON "time_entries" USING btree ("technician_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_booking_idx" ON "time_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_open_shift_uq" ON "time_entries" USING btree ("business_id","technician_id") WHERE kind = 'shift' and ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_job_uq" ON "time_entries" USING btree ("booking_id","technician_id") WHERE kind = 'job';--> statement-breakpoint
CREATE INDEX "time_entry_edits_entry_idx" ON "time_entry_edits" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "time_entry_edits_business_idx" ON "time_entry_edits" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "time_entry_edits_edited_by_idx" ON "time_entry_edits" USING btree ("edited_by");