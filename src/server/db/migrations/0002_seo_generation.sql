-- The admin search index (docs/decisions/302); pg_trgm is a trusted extension on PostgreSQL 13+ and bundled with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
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
ALTER TABLE "seo_generation_runs" ADD CONSTRAINT "seo_generation_runs_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_generation_runs" ADD CONSTRAINT "seo_generation_runs_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_generation_runs_business_id_idx" ON "seo_generation_runs" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "seo_generation_runs_status_idx" ON "seo_generation_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "seo_generation_runs_requested_by_idx" ON "seo_generation_runs" USING btree ("requested_by");--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD CONSTRAINT "city_seo_pages_generation_run_id_seo_generation_runs_id_fk" FOREIGN KEY ("generation_run_id") REFERENCES "public"."seo_generation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_seo_pages_generation_run_id_idx" ON "city_seo_pages" USING btree ("generation_run_id");--> statement-breakpoint
CREATE INDEX "city_seo_pages_search_trgm_idx" ON "city_seo_pages" USING gin ((lower("page_title" || ' ' || "city" || ' ' || "state")) gin_trgm_ops);