CREATE TABLE "seo_page_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_page_renders" (
	"page_id" uuid PRIMARY KEY NOT NULL,
	"render_version" integer NOT NULL,
	"render_key" text NOT NULL,
	"etag" text NOT NULL,
	"body_gzip" "bytea" NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "city_seo_pages" ADD COLUMN "render_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_page_renders" ADD CONSTRAINT "seo_page_renders_page_id_city_seo_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."city_seo_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_page_changes_changed_at_idx" ON "seo_page_changes" USING btree ("changed_at");--> statement-breakpoint
-- Hand-written (docs/decisions/0309): triggers keep served public pages honest. A page's render_version moves when
-- anything its public page shows changes; a complete page that changes or is deleted is written to the change feed
-- that every app instance reads to drop its in-memory copy.
CREATE OR REPLACE FUNCTION seo_page_bump_render_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.render_version = OLD.render_version
     AND (NEW.slug, NEW.status, NEW.page_title, NEW.meta_description, NEW.content, NEW.faq, NEW.city, NEW.state,
          NEW.business_id, NEW.vehicle_make, NEW.vehicle_model, NEW.keywords)
         IS DISTINCT FROM
         (OLD.slug, OLD.status, OLD.page_title, OLD.meta_description, OLD.content, OLD.faq, OLD.city, OLD.state,
          OLD.business_id, OLD.vehicle_make, OLD.vehicle_model, OLD.keywords) THEN
    NEW.render_version := OLD.render_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER city_seo_pages_render_version BEFORE UPDATE ON city_seo_pages
  FOR EACH ROW EXECUTE FUNCTION seo_page_bump_render_version();--> statement-breakpoint
CREATE OR REPLACE FUNCTION seo_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seo_page_changes (slug) VALUES (OLD.slug);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER city_seo_pages_changed AFTER UPDATE ON city_seo_pages
  FOR EACH ROW WHEN (OLD.status = 'complete' AND NEW.render_version <> OLD.render_version)
  EXECUTE FUNCTION seo_page_changed();--> statement-breakpoint
-- A mass delete (Delete All Generated Pages) writes one '*' row rather than one row per page.
CREATE OR REPLACE FUNCTION seo_pages_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM deleted_pages WHERE status = 'complete') > 1000 THEN
    INSERT INTO seo_page_changes (slug) VALUES ('*');
  ELSE
    INSERT INTO seo_page_changes (slug) SELECT slug FROM deleted_pages WHERE status = 'complete';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER city_seo_pages_deleted AFTER DELETE ON city_seo_pages
  REFERENCING OLD TABLE AS deleted_pages FOR EACH STATEMENT EXECUTE FUNCTION seo_pages_deleted();--> statement-breakpoint
-- A business's name, phone, tagline, guarantees and specialties appear on its pages.
CREATE OR REPLACE FUNCTION seo_business_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE city_seo_pages SET render_version = render_version + 1 WHERE business_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_seo_pages AFTER UPDATE ON profiles
  FOR EACH ROW WHEN ((NEW.business_name, NEW.first_name, NEW.last_name, NEW.phone, NEW.business_tagline,
                      NEW.service_guarantees, NEW.specialties)
                     IS DISTINCT FROM
                     (OLD.business_name, OLD.first_name, OLD.last_name, OLD.phone, OLD.business_tagline,
                      OLD.service_guarantees, OLD.specialties))
  EXECUTE FUNCTION seo_business_profile_changed();--> statement-breakpoint
-- Its reviews make the rating its pages show.
CREATE OR REPLACE FUNCTION seo_business_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE city_seo_pages SET render_version = render_version + 1 WHERE business_id = OLD.business_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE city_seo_pages SET render_version = render_version + 1 WHERE business_id = NEW.business_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER testimonials_seo_pages AFTER INSERT OR DELETE OR UPDATE OF rating, business_id ON testimonials
  FOR EACH ROW EXECUTE FUNCTION seo_business_reviews_changed();
