ALTER TABLE "business_brandings" ADD COLUMN "domain_last_result" text;--> statement-breakpoint
ALTER TABLE "business_brandings" ADD COLUMN "domain_misses" integer DEFAULT 0 NOT NULL;