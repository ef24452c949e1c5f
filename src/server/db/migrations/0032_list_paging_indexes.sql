DROP INDEX "customers_business_id_idx";--> statement-breakpoint
DROP INDEX "inventory_items_business_id_idx";--> statement-breakpoint
DROP INDEX "services_business_id_idx";--> statement-breakpoint
CREATE INDEX "customers_business_created_idx" ON "customers" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_business_name_idx" ON "inventory_items" USING btree ("business_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "services_business_created_idx" ON "services" USING btree ("business_id","created_at","id");