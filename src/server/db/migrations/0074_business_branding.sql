CREATE TABLE "business_brandings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"color" text,
	"storage_key" text,
	"logo_content_type" text,
	"logo_version" text,
	"custom_domain" text,
	"domain_status" text,
	"domain_failure" text,
	"domain_checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_brandings_color" CHECK ("business_brandings"."color" is null or "business_brandings"."color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "business_brandings_domain_status" CHECK ("business_brandings"."domain_status" is null or "business_brandings"."domain_status" in ('pending', 'verified', 'failed')),
	CONSTRAINT "business_brandings_domain_lower" CHECK ("business_brandings"."custom_domain" is null or "business_brandings"."custom_domain" = lower("business_brandings"."custom_domain"))
);
--> statement-breakpoint
ALTER TABLE "business_brandings" ADD CONSTRAINT "business_brandings_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_brandings_custom_domain_uq" ON "business_brandings" USING btree ("custom_domain");