-- Hardening defect 8: a business's verification decides whether its pages are indexable (robots meta, sitemap),
-- so a change of verification_status re-renders its pages like a change of its name does (docs/decisions/0309).
DROP TRIGGER IF EXISTS profiles_seo_pages ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_seo_pages AFTER UPDATE ON profiles
  FOR EACH ROW WHEN ((NEW.business_name, NEW.first_name, NEW.last_name, NEW.phone, NEW.business_tagline,
                      NEW.service_guarantees, NEW.specialties, NEW.verification_status)
                     IS DISTINCT FROM
                     (OLD.business_name, OLD.first_name, OLD.last_name, OLD.phone, OLD.business_tagline,
                      OLD.service_guarantees, OLD.specialties, OLD.verification_status))
  EXECUTE FUNCTION seo_business_profile_changed();
