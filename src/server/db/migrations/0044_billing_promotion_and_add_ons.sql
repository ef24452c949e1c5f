CREATE TABLE "add_on_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"add_on" text NOT NULL,
	"status" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"nfc_target" text,
	"tag_url" text,
	"fulfilled_at" timestamp with time zone,
	"fulfilled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_on_purchases_money" CHECK ("add_on_purchases"."quantity" > 0 and "add_on_purchases"."unit_price_cents" >= 0 and "add_on_purchases"."amount_cents" = "add_on_purchases"."quantity" * "add_on_purchases"."unit_price_cents"),
	CONSTRAINT "add_on_purchases_add_on" CHECK ("add_on_purchases"."add_on" in ('white_label_setup', 'crm_booster', 'nfc_tags')),
	CONSTRAINT "add_on_purchases_status" CHECK ("add_on_purchases"."status" in ('active', 'ordered', 'fulfilled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "billing_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"period_number" integer,
	"period_start" timestamp with time zone,
	"list_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_charges_money" CHECK ("billing_charges"."list_price_cents" >= 0 and "billing_charges"."discount_cents" >= 0 and "billing_charges"."amount_cents" = "billing_charges"."list_price_cents" - "billing_charges"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "billing_promotions" (
	"business_id" text PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"months" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_promotions_percent" CHECK ("billing_promotions"."percent_off" between 1 and 100 and "billing_promotions"."months" > 0)
);
--> statement-breakpoint
ALTER TABLE "add_on_purchases" ADD CONSTRAINT "add_on_purchases_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_promotions" ADD CONSTRAINT "billing_promotions_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "add_on_purchases_business_idx" ON "add_on_purchases" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "add_on_purchases_status_idx" ON "add_on_purchases" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "add_on_purchases_once_uq" ON "add_on_purchases" USING btree ("business_id","add_on") WHERE "add_on_purchases"."add_on" = 'white_label_setup' or ("add_on_purchases"."add_on" = 'crm_booster' and "add_on_purchases"."status" = 'active');--> statement-breakpoint
CREATE INDEX "billing_charges_business_idx" ON "billing_charges" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_period_uq" ON "billing_charges" USING btree ("business_id","period_number") WHERE "billing_charges"."kind" = 'subscription';