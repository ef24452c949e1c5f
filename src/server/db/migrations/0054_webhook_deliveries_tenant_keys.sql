ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_business_id_id_uq" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_business_id_id_uq" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_tenant_fk" FOREIGN KEY ("business_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_tenant_fk" FOREIGN KEY ("business_id","event_id") REFERENCES "public"."webhook_events"("business_id","id") ON DELETE cascade ON UPDATE no action;
