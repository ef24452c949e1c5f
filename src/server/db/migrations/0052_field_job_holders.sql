CREATE TABLE "field_job_holders" (
	"booking_id" uuid NOT NULL,
	"technician_id" text NOT NULL,
	"business_id" text NOT NULL,
	"first_held_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_job_holders_pk" PRIMARY KEY("booking_id","technician_id")
);
--> statement-breakpoint
ALTER TABLE "field_job_holders" ADD CONSTRAINT "field_job_holders_technician_id_user_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_job_holders" ADD CONSTRAINT "field_job_holders_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_job_holders" ADD CONSTRAINT "field_job_holders_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_job_holders_technician_id_idx" ON "field_job_holders" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "field_job_holders_business_id_idx" ON "field_job_holders" USING btree ("business_id");