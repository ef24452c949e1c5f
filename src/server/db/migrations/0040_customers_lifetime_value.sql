ALTER TABLE "customers" DROP CONSTRAINT "customers_total_spent_ck";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "total_spent_cents";