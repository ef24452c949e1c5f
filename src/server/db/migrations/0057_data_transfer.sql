CREATE TABLE "account_closures" (
	"business_id" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_after" timestamp with time zone NOT NULL,
	"closed_by" text
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"former_business_id" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" jsonb NOT NULL,
	"files" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"bytes" integer,
	"row_counts" jsonb,
	"error" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "data_exports_status_ck" CHECK ("data_exports"."status" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_delete_after_idx" ON "account_closures" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "account_closures_closed_by_idx" ON "account_closures" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "data_exports_business_created_idx" ON "data_exports" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_requested_by_idx" ON "data_exports" USING btree ("requested_by");--> statement-breakpoint
-- Closing an account (decision 1236): the purge of a closed business deletes its append-only ledgers too. It names
-- the business in a transaction-local setting; a delete of any other business's entry is still refused.
CREATE OR REPLACE FUNCTION loyalty_transactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND OLD.business_id = current_setting('shineroute.purge_business', true) THEN RETURN OLD; END IF;
  RAISE EXCEPTION 'loyalty_transactions is append-only; add a new entry instead' USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.business_id = current_setting('shineroute.purge_business', true) THEN RETURN OLD; END IF;
  RAISE EXCEPTION 'ledger_entries is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
