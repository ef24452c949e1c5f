import { bigserial, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citySeoPages } from '../../db/domain.schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The public page of each complete SEO page, rendered and gzipped once (docs/decisions/0309). A render is valid while
 * its render_version equals the page's and its render_key equals the serving instance's (template, public URL,
 * platform phone and year); anything else is re-rendered on demand or by the render-ahead job.
 */
export const seoPageRenders = pgTable('seo_page_renders', {
  pageId: uuid()
    .primaryKey()
    .references(() => citySeoPages.id, { onDelete: 'cascade' }),
  renderVersion: integer().notNull(),
  renderKey: text().notNull(),
  etag: text().notNull(),
  bodyGzip: bytea().notNull(),
  renderedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A change feed of public pages, written by triggers: each row names a slug whose served copy is stale (or '*' for
 * all of them, after a mass delete). Every app instance reads it about once a second to drop its in-memory copies.
 */
export const seoPageChanges = pgTable(
  'seo_page_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    slug: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seo_page_changes_changed_at_idx').on(t.changedAt)],
);
