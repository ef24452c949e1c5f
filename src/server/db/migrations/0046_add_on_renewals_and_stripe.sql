ALTER TABLE "add_on_purchases" ADD COLUMN "period_number" integer;--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD COLUMN "stripe_session_id" text;--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD COLUMN "stripe_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD COLUMN "add_on_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD CONSTRAINT "add_on_purchases_business_id_id_uq" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_add_on_tenant_fk" FOREIGN KEY ("business_id","add_on_purchase_id") REFERENCES "public"."add_on_purchases"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_add_on_period_uq" ON "billing_charges" USING btree ("add_on_purchase_id","period_number") WHERE "billing_charges"."add_on_purchase_id" is not null;--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD CONSTRAINT "add_on_purchases_stripeSessionId_unique" UNIQUE("stripe_session_id");--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD CONSTRAINT "add_on_purchases_stripeSubscriptionId_unique" UNIQUE("stripe_subscription_id");