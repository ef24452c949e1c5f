ALTER TYPE "public"."invoice_status" ADD VALUE 'partially_refunded';--> statement-breakpoint
ALTER TYPE "public"."invoice_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "invoice_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"parts" jsonb NOT NULL,
	"points_returned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_refunds_amount_ck" CHECK ("invoice_refunds"."amount_cents" between 1 and 1000000000)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "loyalty_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_invoice_tenant_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_refunds_business_key_uq" ON "invoice_refunds" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "invoice_refunds_invoice_id_idx" ON "invoice_refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_refunds_business_created_idx" ON "invoice_refunds" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refunded_ck" CHECK ("invoices"."refunded_cents" between 0 and "invoices"."paid_cents" + "invoices"."tip_cents");