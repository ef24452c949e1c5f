ALTER TABLE "field_notes" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "plan_charges" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "series_charges" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "field_notes_request_key_uq" ON "field_notes" USING btree ("business_id","user_id","request_key");