ALTER TABLE "bookings" ADD COLUMN "coordinates_source" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "coordinates_accuracy_m" double precision;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "coordinates_source" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "coordinates_accuracy_m" double precision;