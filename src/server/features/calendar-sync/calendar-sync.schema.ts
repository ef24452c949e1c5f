import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';
import { profiles } from '../../db/domain.schema';

/**
 * A live ICS feed out (docs/decisions/1220): the business's (all jobs, technician null) or one technician's (their
 * jobs). The address carries signedToken('calendar-feed', token_id): nothing readable is stored, the screen can show
 * the address again, and Rotate gives the row a new token_id so the old address answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    technicianId: text().references(() => user.id, { onDelete: 'cascade' }),
    tokenId: uuid().notNull().defaultRandom(),
    rotatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('calendar_feeds_business_id_id_uq').on(t.businessId, t.id),
    unique('calendar_feeds_token_id_uq').on(t.tokenId),
    unique('calendar_feeds_owner_uq').on(t.businessId, t.technicianId).nullsNotDistinct(),
    index('calendar_feeds_business_id_idx').on(t.businessId),
    index('calendar_feeds_technician_id_idx').on(t.technicianId),
  ],
);
