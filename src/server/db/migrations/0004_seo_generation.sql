-- The admin search index (docs/decisions/0302): pg_trgm is a trusted extension on PostgreSQL 13+ and bundled with
-- PGlite; us_state_name() lets the index match a state's name as well as its code.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION us_state_name(code text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE code WHEN 'AL' THEN 'alabama' WHEN 'AK' THEN 'alaska' WHEN 'AZ' THEN 'arizona' WHEN 'AR' THEN 'arkansas' WHEN 'CA' THEN 'california' WHEN 'CO' THEN 'colorado' WHEN 'CT' THEN 'connecticut' WHEN 'DE' THEN 'delaware' WHEN 'FL' THEN 'florida' WHEN 'GA' THEN 'georgia' WHEN 'HI' THEN 'hawaii' WHEN 'ID' THEN 'idaho' WHEN 'IL' THEN 'illinois' WHEN 'IN' THEN 'indiana' WHEN 'IA' THEN 'iowa' WHEN 'KS' THEN 'kansas' WHEN 'KY' THEN 'kentucky' WHEN 'LA' THEN 'louisiana' WHEN 'ME' THEN 'maine' WHEN 'MD' THEN 'maryland' WHEN 'MA' THEN 'massachusetts' WHEN 'MI' THEN 'michigan' WHEN 'MN' THEN 'minnesota' WHEN 'MS' THEN 'mississippi' WHEN 'MO' THEN 'missouri' WHEN 'MT' THEN 'montana' WHEN 'NE' THEN 'nebraska' WHEN 'NV' THEN 'nevada' WHEN 'NH' THEN 'new hampshire' WHEN 'NJ' THEN 'new jersey' WHEN 'NM' THEN 'new mexico' WHEN 'NY' THEN 'new york' WHEN 'NC' THEN 'north carolina' WHEN 'ND' THEN 'north dakota' WHEN 'OH' THEN 'ohio' WHEN 'OK' THEN 'oklahoma' WHEN 'OR' THEN 'oregon' WHEN 'PA' THEN 'pennsylvania' WHEN 'RI' THEN 'rhode island' WHEN 'SC' THEN 'south carolina' WHEN 'SD' THEN 'south dakota' WHEN 'TN' THEN 'tennessee' WHEN 'TX' THEN 'texas' WHEN 'UT' THEN 'utah' WHEN 'VT' THEN 'vermont' WHEN 'VA' THEN 'virginia' WHEN 'WA' THEN 'washington' WHEN 'WV' THEN 'west virginia' WHEN 'WI' THEN 'wisconsin' WHEN 'WY' THEN 'wyoming' ELSE '' END $$;--> statement-breakpoint
CREATE TYPE "public"."seo_run_status" AS ENUM('queued', 'running', 'complete', 'error', 'cancelled');--> statement-breakpoint
CREATE TABLE "seo_generation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text,
	"requested_by" text,
	"keywords" text[] NOT NULL,
	"states" text[] NOT NULL,
	"target_vehicles" boolean DEFAULT false NOT NULL,
	"cities" jsonb NOT NULL,
	"batch_size" integer DEFAULT 10 NOT NULL,
	"status" "seo_run_status" DEFAULT 'queued' NOT NULL,
	"total_pages" integer NOT NULL,
	"processed_pages" integer DEFAULT 0 NOT NULL,
	"created_pages" integer DEFAULT 0 NOT NULL,
	"skipped_pages" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"job_id" text,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD COLUMN "faq" jsonb;--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD COLUMN "generation_run_id" uuid;--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("page_title" || ' ' || "city" || ' ' || "state" || ' ' || us_state_name("state"))) STORED;--> statement-breakpoint
ALTER TABLE "seo_generation_runs" ADD CONSTRAINT "seo_generation_runs_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_generation_runs" ADD CONSTRAINT "seo_generation_runs_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_generation_runs_business_id_idx" ON "seo_generation_runs" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "seo_generation_runs_status_idx" ON "seo_generation_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "seo_generation_runs_requested_by_idx" ON "seo_generation_runs" USING btree ("requested_by");--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD CONSTRAINT "city_seo_pages_generation_run_id_seo_generation_runs_id_fk" FOREIGN KEY ("generation_run_id") REFERENCES "public"."seo_generation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_seo_pages_generation_run_id_idx" ON "city_seo_pages" USING btree ("generation_run_id");--> statement-breakpoint
CREATE INDEX "city_seo_pages_search_trgm_idx" ON "city_seo_pages" USING gin ("search_text" gin_trgm_ops);