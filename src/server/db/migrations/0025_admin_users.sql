CREATE TABLE "account_status" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"suspended_by" text,
	"suspension_reason" text
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"banner_enabled" boolean DEFAULT true NOT NULL,
	"banner_text" text NOT NULL,
	"starter_price_cents" integer NOT NULL,
	"pro_price_cents" integer NOT NULL,
	"elite_price_cents" integer NOT NULL,
	"support_email" text NOT NULL,
	"support_phone" text NOT NULL,
	"default_tax_rate_bps" integer NOT NULL,
	"lead_price_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id" = 1),
	CONSTRAINT "platform_settings_lead_price" CHECK ("platform_settings"."lead_price_cents" between 1000 and 2000),
	CONSTRAINT "platform_settings_tax_rate" CHECK ("platform_settings"."default_tax_rate_bps" between 0 and 10000),
	CONSTRAINT "platform_settings_prices" CHECK ("platform_settings"."starter_price_cents" >= 0 and "platform_settings"."pro_price_cents" >= 0 and "platform_settings"."elite_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_status" ADD CONSTRAINT "account_status_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_status" ADD CONSTRAINT "account_status_suspended_by_user_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_status_suspended_by_idx" ON "account_status" USING btree ("suspended_by");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_id_idx" ON "admin_audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");