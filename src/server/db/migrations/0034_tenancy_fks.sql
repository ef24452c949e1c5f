-- Composite tenancy foreign keys (docs/decisions/0441): a child row's (business_id, x_id) must name a row of the
-- same business. The parents' UNIQUE (business_id, id) come first; ON DELETE SET NULL clears only the pointing
-- column (a column list, PostgreSQL 15+), never business_id. Hand-edited after drizzle-kit generate: order and
-- the SET NULL column lists (drizzle's snapshot records plain 'set null').
ALTER TABLE "customer_vehicles" DROP CONSTRAINT "customer_vehicles_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_business_page_id_city_seo_pages_id_fk";
--> statement-breakpoint
ALTER TABLE "service_consumables" DROP CONSTRAINT "service_consumables_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "service_consumables" DROP CONSTRAINT "service_consumables_inventory_item_id_inventory_items_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_inventory_item_id_inventory_items_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "document_checkouts" DROP CONSTRAINT "document_checkouts_quote_id_quotes_id_fk";
--> statement-breakpoint
ALTER TABLE "document_checkouts" DROP CONSTRAINT "document_checkouts_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_quote_id_quotes_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_history" DROP CONSTRAINT "booking_history_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" DROP CONSTRAINT "loyalty_transactions_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" DROP CONSTRAINT "loyalty_transactions_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" DROP CONSTRAINT "loyalty_transactions_reward_id_loyalty_rewards_id_fk";
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" DROP CONSTRAINT "loyalty_transactions_reverses_id_loyalty_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_assignments" DROP CONSTRAINT "booking_assignments_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "promo_code_uses" DROP CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk";
--> statement-breakpoint
ALTER TABLE "promo_code_uses" DROP CONSTRAINT "promo_code_uses_checkout_session_id_checkout_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "marketing_consents" DROP CONSTRAINT "marketing_consents_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "message_sends" DROP CONSTRAINT "message_sends_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "message_sends" DROP CONSTRAINT "message_sends_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "message_sends" DROP CONSTRAINT "message_sends_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_redemptions" DROP CONSTRAINT "reward_redemptions_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_redemptions" DROP CONSTRAINT "reward_redemptions_reward_id_loyalty_rewards_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_redemptions" DROP CONSTRAINT "reward_redemptions_checkout_session_id_checkout_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "reward_redemptions" DROP CONSTRAINT "reward_redemptions_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_manage_links" DROP CONSTRAINT "booking_manage_links_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_reviews" DROP CONSTRAINT "booking_reviews_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_reviews" DROP CONSTRAINT "booking_reviews_testimonial_id_testimonials_id_fk";
--> statement-breakpoint
ALTER TABLE "lead_assignments" DROP CONSTRAINT "lead_assignments_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD CONSTRAINT "city_seo_pages_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "customer_vehicles" ADD CONSTRAINT "customer_vehicles_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "seo_generation_runs" ADD CONSTRAINT "seo_generation_runs_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "loyalty_rewards" ADD CONSTRAINT "loyalty_rewards_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_id_uq" UNIQUE("business_id","id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_vehicle_tenant_fk" FOREIGN KEY ("business_id","customer_vehicle_id") REFERENCES "public"."customer_vehicles"("business_id","id") ON DELETE SET NULL ("customer_vehicle_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE SET NULL ("service_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD CONSTRAINT "city_seo_pages_generation_run_tenant_fk" FOREIGN KEY ("business_id","generation_run_id") REFERENCES "public"."seo_generation_runs"("business_id","id") ON DELETE SET NULL ("generation_run_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_vehicles" ADD CONSTRAINT "customer_vehicles_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_business_page_tenant_fk" FOREIGN KEY ("id","business_page_id") REFERENCES "public"."city_seo_pages"("business_id","id") ON DELETE SET NULL ("business_page_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_consumables" ADD CONSTRAINT "service_consumables_inventory_item_tenant_fk" FOREIGN KEY ("business_id","inventory_item_id") REFERENCES "public"."inventory_items"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_consumables" ADD CONSTRAINT "service_consumables_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_inventory_item_tenant_fk" FOREIGN KEY ("business_id","inventory_item_id") REFERENCES "public"."inventory_items"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_service_tenant_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE SET NULL ("service_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_checkouts" ADD CONSTRAINT "document_checkouts_invoice_tenant_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_checkouts" ADD CONSTRAINT "document_checkouts_quote_tenant_fk" FOREIGN KEY ("business_id","quote_id") REFERENCES "public"."quotes"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_tenant_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_tenant_fk" FOREIGN KEY ("business_id","quote_id") REFERENCES "public"."quotes"("business_id","id") ON DELETE SET NULL ("quote_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_reverses_tenant_fk" FOREIGN KEY ("business_id","reverses_id") REFERENCES "public"."loyalty_transactions"("business_id","id") ON DELETE SET NULL ("reverses_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_reward_tenant_fk" FOREIGN KEY ("business_id","reward_id") REFERENCES "public"."loyalty_rewards"("business_id","id") ON DELETE SET NULL ("reward_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ADD CONSTRAINT "loyalty_transactions_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_checkout_session_tenant_fk" FOREIGN KEY ("business_id","checkout_session_id") REFERENCES "public"."checkout_sessions"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_tenant_fk" FOREIGN KEY ("business_id","promo_code_id") REFERENCES "public"."promo_codes"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_campaign_tenant_fk" FOREIGN KEY ("business_id","campaign_id") REFERENCES "public"."campaigns"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE SET NULL ("booking_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_checkout_session_tenant_fk" FOREIGN KEY ("business_id","checkout_session_id") REFERENCES "public"."checkout_sessions"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_reward_tenant_fk" FOREIGN KEY ("business_id","reward_id") REFERENCES "public"."loyalty_rewards"("business_id","id") ON DELETE SET NULL ("reward_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_customer_tenant_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_manage_links" ADD CONSTRAINT "booking_manage_links_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_testimonial_tenant_fk" FOREIGN KEY ("business_id","testimonial_id") REFERENCES "public"."testimonials"("business_id","id") ON DELETE SET NULL ("testimonial_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_assignments" ADD CONSTRAINT "lead_assignments_booking_tenant_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE cascade ON UPDATE no action;
