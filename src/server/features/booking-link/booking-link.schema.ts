import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from '../../db/domain.schema';

/**
 * A booking link the business used before it changed its slug (decision 0955): /book/{old} redirects to its
 * current link, so printed QR codes and pasted buttons keep working. A slug here belongs to that business only.
 */
export const bookingSlugRedirects = pgTable(
  'booking_slug_redirects',
  {
    slug: text().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_slug_redirects_business_id_idx').on(t.businessId)],
);
