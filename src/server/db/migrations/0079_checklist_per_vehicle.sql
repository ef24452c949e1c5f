ALTER TABLE "booking_checklist_items" ADD COLUMN "vehicle_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_checklist_items" DROP CONSTRAINT "booking_checklist_items_pk";
--> statement-breakpoint
ALTER TABLE "booking_checklist_items" ADD CONSTRAINT "booking_checklist_items_pk" PRIMARY KEY("booking_id","vehicle_position","item_id");