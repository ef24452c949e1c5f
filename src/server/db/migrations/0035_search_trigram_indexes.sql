-- Trigram (pg_trgm, created in 0004) indexes for customer and booking search (docs/decisions/0444): each is built on
-- the expression the search ILIKEs (src/server/db/domain.schema.ts: customerSearchText, vehicleSearchText,
-- bookingSearchText).
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin (("service_name" || ' ' || "location_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_vehicles_search_trgm_idx" ON "customer_vehicles" USING gin ((coalesce("year"::text, '') || ' ' || "make" || ' ' || "model" || ' ' || coalesce("color", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", '') || ' ' || coalesce("address", '')) gin_trgm_ops);