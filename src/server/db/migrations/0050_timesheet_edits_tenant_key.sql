ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_business_id_id_uq" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "time_entry_edits" DROP CONSTRAINT "time_entry_edits_entry_id_time_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "time_entry_edits" ADD CONSTRAINT "time_entry_edits_entry_tenant_fk" FOREIGN KEY ("business_id","entry_id") REFERENCES "public"."time_entries"("business_id","id") ON DELETE cascade ON UPDATE no action;
