CREATE TABLE "maintenance_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"included_credits" integer NOT NULL,
	"credit_period" text NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"hold_allowed" boolean DEFAULT false NOT NULL,
	"max_hold_months" integer DEFAULT 0 NOT NULL,
	"vehicle_types" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_plans_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "maintenance_plans_price_ck" CHECK ("maintenance_plans"."monthly_price_cents" between 100 and 10000000),
	CONSTRAINT "maintenance_plans_credits_ck" CHECK ("maintenance_plans"."included_credits" between 0 and 50),
	CONSTRAINT "maintenance_plans_discount_ck" CHECK ("maintenance_plans"."discount_percent" between 0 and 100),
	CONSTRAINT "maintenance_plans_hold_ck" CHECK ("maintenance_plans"."max_hold_months" between 0 and 12)
);
--> statement-breakpoint
CREATE TABLE "plan_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"member_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"attempt" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"application_fee_cents" integer DEFAULT 0 NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_charges_attempt_ck" CHECK ("plan_charges"."attempt" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "plan_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"period_start" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_credit_entries_sign_ck" CHECK ((kind = 'spend' and delta < 0) or (kind <> 'spend' and delta > 0))
);
--> statement-breakpoint
CREATE TABLE "plan_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"customer_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"vehicles" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"test_card_state" text DEFAULT 'ok' NOT NULL,
	"started_at" timestamp with time zone,
	"next_charge_at" timestamp with time zone,
	"failed_period_start" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"hold_year" integer,
	"hold_months_used" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_members_providerSessionId_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "plan_members_providerSubscriptionId_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "plan_members_business_id_id_uq" UNIQUE("business_id","id"),
	CONSTRAINT "plan_members_vehicles_ck" CHECK ("plan_members"."vehicles" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_charges" ADD CONSTRAINT "plan_charges_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_charges" ADD CONSTRAINT "plan_charges_member_tenant_fk" FOREIGN KEY ("business_id","member_id") REFERENCES "public"."plan_members"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_entries" ADD CONSTRAINT "plan_credit_entries_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_entries" ADD CONSTRAINT "plan_credit_entries_member_tenant_fk" FOREIGN KEY ("business_id","member_id") REFERENCES "public"."plan_members"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_entries" ADD CONSTRAINT "plan_credit_entries_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_members" ADD CONSTRAINT "plan_members_business_id_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_members" ADD CONSTRAINT "plan_members_plan_tenant_fk" FOREIGN KEY ("business_id","plan_id") REFERENCES "public"."maintenance_plans"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_members" ADD CONSTRAINT "plan_members_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_plans_business_id_idx" ON "maintenance_plans" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "plan_charges_business_id_idx" ON "plan_charges" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_charges_attempt_uq" ON "plan_charges" USING btree ("member_id","period_start","attempt");--> statement-breakpoint
CREATE INDEX "plan_credit_entries_business_id_idx" ON "plan_credit_entries" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "plan_credit_entries_member_id_idx" ON "plan_credit_entries" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "plan_credit_entries_booking_id_idx" ON "plan_credit_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_credit_entries_grant_uq" ON "plan_credit_entries" USING btree ("member_id","period_start") WHERE kind = 'grant';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_credit_entries_spend_uq" ON "plan_credit_entries" USING btree ("member_id","booking_id","kind") WHERE kind <> 'grant';--> statement-breakpoint
CREATE INDEX "plan_members_business_id_idx" ON "plan_members" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "plan_members_plan_id_idx" ON "plan_members" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_members_customer_id_idx" ON "plan_members" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "plan_members_due_idx" ON "plan_members" USING btree ("status","next_charge_at");