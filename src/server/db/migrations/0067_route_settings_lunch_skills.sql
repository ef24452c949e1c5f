CREATE TABLE "specialist_services" (
	"business_id" text NOT NULL,
	"service_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specialist_services_business_id_service_id_pk" PRIMARY KEY("business_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "technician_locations" ADD COLUMN "lunch_from" text;--> statement-breakpoint
ALTER TABLE "technician_locations" ADD COLUMN "lunch_to" text;--> statement-breakpoint
ALTER TABLE "technician_locations" ADD COLUMN "lunch_minutes" integer;--> statement-breakpoint
ALTER TABLE "technician_locations" ADD COLUMN "skills" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "specialist_services" ADD CONSTRAINT "specialist_services_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_services" ADD CONSTRAINT "specialist_services_service_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;