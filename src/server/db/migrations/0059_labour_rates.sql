CREATE TABLE "labour_rates" (
	"business_id" text PRIMARY KEY NOT NULL,
	"hourly_cost_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labour_rates_hourly_cost_ck" CHECK ("labour_rates"."hourly_cost_cents" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "labour_rates" ADD CONSTRAINT "labour_rates_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;