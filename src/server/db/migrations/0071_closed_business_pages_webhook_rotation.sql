ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
-- hand-written: a closed account's public pages stop at once on every instance (decision 1285). Its own city pages
-- and the platform pages its areas counted as served get a new render_version, which writes them to the change feed
-- every instance reads (docs/decisions/0309); the zip check's counter moves (decision 0901).
CREATE OR REPLACE FUNCTION account_closed_public_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE city_seo_pages SET render_version = render_version + 1 WHERE business_id = NEW.business_id;
  UPDATE city_seo_pages SET render_version = render_version + 1
    WHERE business_id IS NULL
      AND area_zips && ARRAY(SELECT zip_code::text FROM service_areas WHERE business_id = NEW.business_id AND is_active);
  UPDATE public_cache_versions SET version = version + 1 WHERE name = 'zip-areas';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER account_closures_public_pages AFTER INSERT ON account_closures
  FOR EACH ROW EXECUTE FUNCTION account_closed_public_pages();
