ALTER TABLE "city_seo_pages" ADD COLUMN "area_zips" text[];--> statement-breakpoint
CREATE INDEX "city_seo_pages_area_zips_idx" ON "city_seo_pages" USING gin ("area_zips");--> statement-breakpoint
-- Hand-written (docs/decisions/0950): whether a platform page may offer booking depends on the active service areas in
-- its area (area_zips), so a change of one re-renders the platform pages that name its zip (decision 309's versions).
CREATE OR REPLACE FUNCTION seo_service_area_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_active = NEW.is_active AND OLD.zip_code = NEW.zip_code THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.is_active THEN
    UPDATE city_seo_pages SET render_version = render_version + 1
      WHERE business_id IS NULL AND area_zips @> ARRAY[OLD.zip_code::text];
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_active THEN
    UPDATE city_seo_pages SET render_version = render_version + 1
      WHERE business_id IS NULL AND area_zips @> ARRAY[NEW.zip_code::text];
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER service_areas_seo_pages AFTER INSERT OR DELETE OR UPDATE OF is_active, zip_code ON service_areas
  FOR EACH ROW EXECUTE FUNCTION seo_service_area_changed();
