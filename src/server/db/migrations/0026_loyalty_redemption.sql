ALTER TYPE "public"."payment_provider" ADD VALUE 'free';--> statement-breakpoint
ALTER TYPE "public"."invoice_payment_method" ADD VALUE 'loyalty';--> statement-breakpoint
CREATE TABLE "loyalty_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_verifications_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reward_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"reward_id" uuid,
	"checkout_session_id" uuid NOT NULL,
	"booking_id" uuid,
	"reward_name" text NOT NULL,
	"category" "reward_category" NOT NULL,
	"points" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_redemptions_checkoutSessionId_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "reward_redemptions_points_positive" CHECK ("reward_redemptions"."points" > 0 and "reward_redemptions"."discount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loyalty_verifications" ADD CONSTRAINT "loyalty_verifications_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_reward_id_loyalty_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."loyalty_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_verifications_business_email_idx" ON "loyalty_verifications" USING btree ("business_id","email","created_at");--> statement-breakpoint
CREATE INDEX "reward_redemptions_customer_id_idx" ON "reward_redemptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "reward_redemptions_business_id_idx" ON "reward_redemptions" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "reward_redemptions_reward_id_idx" ON "reward_redemptions" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "reward_redemptions_booking_id_idx" ON "reward_redemptions" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_transactions_booking_redeemed_uq" ON "loyalty_transactions" USING btree ("booking_id") WHERE "loyalty_transactions"."type" = 'redeemed' and "loyalty_transactions"."source" = 'reward';