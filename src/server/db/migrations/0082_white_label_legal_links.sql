ALTER TABLE "business_brandings" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "business_brandings" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "business_brandings" ADD CONSTRAINT "business_brandings_legal_urls" CHECK (("business_brandings"."privacy_url" is null or ("business_brandings"."privacy_url" like 'https://%' and length("business_brandings"."privacy_url") <= 500)) and ("business_brandings"."terms_url" is null or ("business_brandings"."terms_url" like 'https://%' and length("business_brandings"."terms_url") <= 500)));--> statement-breakpoint
-- The public business page's footer links to the business's own Privacy and Terms (decision 1358): a change of them
-- re-renders its stored pages like a change of its name, colour or logo (decision 1318).
DROP TRIGGER IF EXISTS business_brandings_seo_pages ON business_brandings;
--> statement-breakpoint
CREATE TRIGGER business_brandings_seo_pages AFTER INSERT OR DELETE OR UPDATE OF display_name, color, logo_version, privacy_url, terms_url
  ON business_brandings FOR EACH ROW EXECUTE FUNCTION seo_business_branding_changed();
--> statement-breakpoint
-- The white-label setup add-on is a setup done for the business (decision 1357): bought, it waits as an order until
-- it is marked done.
UPDATE add_on_purchases SET status = 'ordered' WHERE add_on = 'white_label_setup' AND status = 'active';
