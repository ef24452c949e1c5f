CREATE TYPE "public"."loyalty_source" AS ENUM('booking', 'reward', 'owner');--> statement-breakpoint
CREATE TYPE "public"."loyalty_transaction_type" AS ENUM('earned', 'redeemed', 'adjusted', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."reward_category" AS ENUM('discount', 'service', 'product');--> statement-breakpoint
CREATE TABLE "loyalty_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"points_required" integer NOT NULL,
	"value_cents" integer NOT NULL,
	"category" "reward_category" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_rewards_points_positive" CHECK ("loyalty_rewards"."points_required" > 0),
	CONSTRAINT "loyalty_rewards_value_not_negative" CHECK ("loyalty_rewards"."value_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" "loyalty_transaction_type" NOT NULL,
	"source" "loyalty_source" NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"booking_id" uuid,
	"reward_id" uuid,
	"reverses_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_transactions_points_not_zero" CHECK ("loyalty_transactions"."points" <> 0),
	CONSTRAINT "loyalty_transactions_balance_not_negative" CHECK ("loyalty_transactions"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_reward_id_loyalty_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."loyalty_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_reverses_id_loyalty_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."loyalty_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_rewards_business_id_idx" ON "loyalty_rewards" USING btree ("business_id","points_required");--> statement-breakpoint
CREATE INDEX "loyalty_transactions_business_created_idx" ON "loyalty_transactions" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loyalty_transactions_customer_id_idx" ON "loyalty_transactions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loyalty_transactions_booking_id_idx" ON "loyalty_transactions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "loyalty_transactions_reward_id_idx" ON "loyalty_transactions" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "loyalty_transactions_created_by_idx" ON "loyalty_transactions" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_transactions_reverses_uq" ON "loyalty_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_transactions_booking_earned_uq" ON "loyalty_transactions" USING btree ("booking_id") WHERE "loyalty_transactions"."type" = 'earned' and "loyalty_transactions"."source" = 'booking';--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_loyalty_points_not_negative" CHECK ("customers"."loyalty_points" >= 0);