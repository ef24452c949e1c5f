CREATE TABLE "fleet_accounts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"company_name" text NOT NULL,
	"billing_email" text NOT NULL,
	"po_number" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_accounts_business_id_customer_id_uq" UNIQUE("business_id","customer_id"),
	CONSTRAINT "fleet_accounts_terms_ck" CHECK ("fleet_accounts"."payment_terms_days" in (15, 30))
);
--> statement-breakpoint
CREATE TABLE "fleet_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"month" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"visits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_invoices_account_month_uq" UNIQUE("business_id","customer_id","month"),
	CONSTRAINT "fleet_invoices_month_ck" CHECK ("fleet_invoices"."month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "plan_checkouts" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"member_id" uuid NOT NULL,
	"use_credit" boolean NOT NULL,
	"visit_value_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD COLUMN "included_service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_credit_entries" ADD COLUMN "visit_value_cents" integer;--> statement-breakpoint
ALTER TABLE "fleet_accounts" ADD CONSTRAINT "fleet_accounts_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_accounts" ADD CONSTRAINT "fleet_accounts_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_invoices" ADD CONSTRAINT "fleet_invoices_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_invoices" ADD CONSTRAINT "fleet_invoices_account_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."fleet_accounts"("business_id","customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_invoices" ADD CONSTRAINT "fleet_invoices_invoice_tenant_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_checkouts" ADD CONSTRAINT "plan_checkouts_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_checkouts" ADD CONSTRAINT "plan_checkouts_checkout_tenant_fk" FOREIGN KEY ("business_id","checkout_id") REFERENCES "public"."checkout_sessions"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_checkouts" ADD CONSTRAINT "plan_checkouts_member_tenant_fk" FOREIGN KEY ("business_id","member_id") REFERENCES "public"."plan_members"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_accounts_business_id_idx" ON "fleet_accounts" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "fleet_invoices_business_id_idx" ON "fleet_invoices" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "fleet_invoices_invoice_id_idx" ON "fleet_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "plan_checkouts_business_id_idx" ON "plan_checkouts" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "plan_checkouts_member_id_idx" ON "plan_checkouts" USING btree ("member_id");--> statement-breakpoint
-- Hand-written (decision 1260): a deleted customer or booking clears only the pointing column, never the NOT NULL
-- business_id (a plain SET NULL on a composite key nulls both, and deleting a member's customer answered 500).
ALTER TABLE "plan_members" DROP CONSTRAINT "plan_members_customer_tenant_fk";--> statement-breakpoint
ALTER TABLE "plan_members" ADD CONSTRAINT "plan_members_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_entries" DROP CONSTRAINT "plan_credit_entries_booking_tenant_fk";--> statement-breakpoint
ALTER TABLE "plan_credit_entries" ADD CONSTRAINT "plan_credit_entries_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
