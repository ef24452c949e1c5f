-- The reminder sweep (decision 611) reads upcoming bookings of every business by start time.
CREATE INDEX IF NOT EXISTS "bookings_upcoming_idx" ON "bookings" USING btree ("scheduled_at") WHERE "status" IN ('pending', 'confirmed');--> statement-breakpoint
-- The message log reads a business's automated messages newest first.
CREATE INDEX IF NOT EXISTS "message_sends_business_created_idx" ON "message_sends" USING btree ("business_id", "created_at" DESC, "id" DESC);
