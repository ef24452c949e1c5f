CREATE TYPE "public"."seo_page_status" AS ENUM('draft', 'complete', 'error');--> statement-breakpoint
CREATE TABLE "city_seo_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"page_title" text NOT NULL,
	"meta_description" text,
	"slug" text NOT NULL,
	"status" "seo_page_status" DEFAULT 'draft' NOT NULL,
	"content" text,
	"vehicle_make" text,
	"vehicle_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "city_seo_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_initial" varchar(1) NOT NULL,
	"service_type" text,
	"rating" integer DEFAULT 5 NOT NULL,
	"testimonial_text" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"date_received" date DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_rating_range" CHECK ("testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD CONSTRAINT "city_seo_pages_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_seo_pages_business_id_idx" ON "city_seo_pages" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "city_seo_pages_status_idx" ON "city_seo_pages" USING btree ("status");--> statement-breakpoint
CREATE INDEX "city_seo_pages_created_at_idx" ON "city_seo_pages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "testimonials_business_id_idx" ON "testimonials" USING btree ("business_id","created_at");