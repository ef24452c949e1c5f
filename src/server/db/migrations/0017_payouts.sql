CREATE TYPE "public"."ledger_entry_kind" AS ENUM('charge', 'tip', 'fee', 'refund', 'fee_refund', 'lead_charge', 'payout', 'payout_failed');--> statement-breakpoint
CREATE TYPE "public"."payment_account_mode" AS ENUM('test', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('pending', 'in_transit', 'paid', 'failed', 'canceled');--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"business_id" text NOT NULL,
	"kind" "ledger_entry_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"document_type" text NOT NULL,
	"document_id" text NOT NULL,
	"payment_reference" text,
	"description" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_seq_unique" UNIQUE("seq"),
	CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind" in ('charge', 'tip', 'fee_refund', 'payout_failed') and "ledger_entries"."amount_cents" > 0)
        or ("ledger_entries"."kind" in ('fee', 'refund', 'lead_charge', 'payout') and "ledger_entries"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"business_id" text PRIMARY KEY NOT NULL,
	"mode" "payment_account_mode" NOT NULL,
	"account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_accountId_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"mode" "payment_account_mode" NOT NULL,
	"provider_payout_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "payout_status" NOT NULL,
	"arrival_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_providerPayoutId_unique" UNIQUE("provider_payout_id"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "destination_account" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "application_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key_idx" ON "ledger_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_entries_business_seq_idx" ON "ledger_entries" USING btree ("business_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_reference_idx" ON "ledger_entries" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "payouts_business_created_idx" ON "payouts" USING btree ("business_id","created_at","id");