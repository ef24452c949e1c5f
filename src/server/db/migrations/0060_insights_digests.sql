CREATE TABLE "insights_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"week_start" date NOT NULL,
	"findings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "insights_digests_business_week_uq" UNIQUE("business_id","week_start"),
	CONSTRAINT "insights_digests_business_id_id_uq" UNIQUE("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "insights_digests" ADD CONSTRAINT "insights_digests_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;