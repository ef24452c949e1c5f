import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * Another calendar of the owner or a technician (docs/decisions/1221): its secret iCal address, read by the queue
 * every few minutes. The address is a secret of the person's: it is never shown again (only its host).
 */
export const externalCalendars = pgTable(
  'external_calendars',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    busyCount: integer().notNull().default(0),
    lastFetchedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('external_calendars_business_id_id_uq').on(t.businessId, t.id),
    index('external_calendars_business_id_idx').on(t.businessId),
    index('external_calendars_user_id_idx').on(t.userId),
    index('external_calendars_last_fetched_idx').on(t.lastFetchedAt),
  ],
);

/** A busy span of an external calendar, replaced whole on every read. */
export const externalBusy = pgTable(
  'external_busy',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    calendarId: uuid().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: 'external_busy_calendar_tenant_fk',
      columns: [t.businessId, t.calendarId],
      foreignColumns: [externalCalendars.businessId, externalCalendars.id],
    }).onDelete('cascade'),
    index('external_busy_business_starts_idx').on(t.businessId, t.startsAt),
    index('external_busy_calendar_id_idx').on(t.calendarId),
    check('external_busy_span_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
