-- White-label on a business's public pages (decision 1318): its branding and its plan (white-label is Elite's) make
-- what its pages show, so a change of either re-renders them like a change of its name does (docs/decisions/0309).
CREATE OR REPLACE FUNCTION seo_business_branding_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE city_seo_pages SET render_version = render_version + 1 WHERE business_id = OLD.business_id;
  ELSE
    UPDATE city_seo_pages SET render_version = render_version + 1 WHERE business_id = NEW.business_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER business_brandings_seo_pages AFTER INSERT OR DELETE OR UPDATE OF display_name, color, logo_version
  ON business_brandings FOR EACH ROW EXECUTE FUNCTION seo_business_branding_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_seo_pages ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_seo_pages AFTER UPDATE ON profiles
  FOR EACH ROW WHEN ((NEW.business_name, NEW.first_name, NEW.last_name, NEW.phone, NEW.business_tagline,
                      NEW.service_guarantees, NEW.specialties, NEW.verification_status, NEW.subscription_tier)
                     IS DISTINCT FROM
                     (OLD.business_name, OLD.first_name, OLD.last_name, OLD.phone, OLD.business_tagline,
                      OLD.service_guarantees, OLD.specialties, OLD.verification_status, OLD.subscription_tier))
  EXECUTE FUNCTION seo_business_profile_changed();
