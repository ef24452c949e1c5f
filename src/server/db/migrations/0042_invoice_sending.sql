ALTER TABLE "invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD COLUMN "invoice_reminders" boolean DEFAULT false NOT NULL;