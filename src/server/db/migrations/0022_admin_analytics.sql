CREATE TABLE "zip_check_counts" (
	"day" date NOT NULL,
	"zip_code" varchar(5) NOT NULL,
	"available" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zip_check_counts_day_zip_code_available_pk" PRIMARY KEY("day","zip_code","available")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "landing_path" text;