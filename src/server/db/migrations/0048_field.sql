CREATE TABLE "booking_checklist_items" (
	"business_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"label" text NOT NULL,
	"done" boolean NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	CONSTRAINT "booking_checklist_items_pk" PRIMARY KEY("booking_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "field_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"device_time" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy_m" double precision,
	"eta_minutes" integer,
	CONSTRAINT "field_events_kind_ck" CHECK ("field_events"."kind" in ('on_my_way', 'check_in', 'check_out', 'completed', 'note', 'photo', 'checklist', 'material'))
);
--> statement-breakpoint
CREATE TABLE "field_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	CONSTRAINT "field_materials_quantity_ck" CHECK ("field_materials"."quantity" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "field_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"body" text NOT NULL,
	"kept_reason" text,
	"device_time" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	CONSTRAINT "field_notes_body_ck" CHECK (char_length("field_notes"."body") between 1 and 4000),
	CONSTRAINT "field_notes_kept_reason_ck" CHECK ("field_notes"."kept_reason" in ('cancelled', 'reassigned'))
);
--> statement-breakpoint
CREATE TABLE "field_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text,
	CONSTRAINT "field_photos_kind_ck" CHECK ("field_photos"."kind" in ('before', 'after'))
);
--> statement-breakpoint
CREATE TABLE "field_signatures" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("business_id","user_id","key"),
	CONSTRAINT "idempotency_keys_key_ck" CHECK (char_length("idempotency_keys"."key") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "service_checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"service_id" uuid NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_checklist_items_label_ck" CHECK (char_length("service_checklist_items"."label") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "booking_checklist_items" ADD CONSTRAINT "booking_checklist_items_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_checklist_items" ADD CONSTRAINT "booking_checklist_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_checklist_items" ADD CONSTRAINT "booking_checklist_items_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_events" ADD CONSTRAINT "field_events_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_events" ADD CONSTRAINT "field_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_events" ADD CONSTRAINT "field_events_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_materials" ADD CONSTRAINT "field_materials_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_materials" ADD CONSTRAINT "field_materials_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_materials" ADD CONSTRAINT "field_materials_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_materials" ADD CONSTRAINT "field_materials_inventory_item_tenant_fk" FOREIGN KEY ("business_id","inventory_item_id") REFERENCES "public"."inventory_items"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_signatures" ADD CONSTRAINT "field_signatures_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_signatures" ADD CONSTRAINT "field_signatures_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_signatures" ADD CONSTRAINT "field_signatures_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_checklist_items" ADD CONSTRAINT "service_checklist_items_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_checklist_items" ADD CONSTRAINT "service_checklist_items_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_checklist_items_business_id_idx" ON "booking_checklist_items" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "booking_checklist_items_user_id_idx" ON "booking_checklist_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "field_events_booking_idx" ON "field_events" USING btree ("booking_id","device_time");--> statement-breakpoint
CREATE INDEX "field_events_business_recorded_idx" ON "field_events" USING btree ("business_id","recorded_at");--> statement-breakpoint
CREATE INDEX "field_events_user_id_idx" ON "field_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "field_materials_booking_idx" ON "field_materials" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "field_materials_business_id_idx" ON "field_materials" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "field_materials_user_id_idx" ON "field_materials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "field_materials_inventory_item_id_idx" ON "field_materials" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "field_notes_booking_idx" ON "field_notes" USING btree ("booking_id","device_time");--> statement-breakpoint
CREATE INDEX "field_notes_business_id_idx" ON "field_notes" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "field_notes_user_id_idx" ON "field_notes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "field_photos_booking_idx" ON "field_photos" USING btree ("booking_id","taken_at");--> statement-breakpoint
CREATE INDEX "field_photos_business_id_idx" ON "field_photos" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "field_photos_uploaded_by_idx" ON "field_photos" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "field_signatures_business_id_idx" ON "field_signatures" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "field_signatures_user_id_idx" ON "field_signatures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_user_id_idx" ON "idempotency_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_checklist_items_service_idx" ON "service_checklist_items" USING btree ("service_id","position");--> statement-breakpoint
CREATE INDEX "service_checklist_items_business_id_idx" ON "service_checklist_items" USING btree ("business_id");