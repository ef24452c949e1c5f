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
 * every few minutes. The address is a secret of the person's: it is never shown again (only its host), and is stored
 * sealed (AES-256-GCM, decision 1251). A connected Google Calendar (kind 'google', decision 1252) is a row too, with no
 * address: its busy times live in external_busy like any other calendar's, so the slot function needs no change.
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
    kind: text({ enum: ['ical', 'google'] })
      .notNull()
      .default('ical'),
    url: text(),
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
    // The Google event (or instance) the span came from, so an incremental sync replaces just that event's span.
    sourceId: text(),
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
    index('external_busy_calendar_id_idx').on(t.calendarId, t.sourceId),
    check('external_busy_span_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A person's Google Calendar connection (decision 1252): sealed tokens, the incremental sync token and the push
 * channel. Its busy spans hang off its external_calendars row (deleted with it).
 */
export const googleCalendarConnections = pgTable(
  'google_calendar_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    calendarId: uuid().notNull(),
    accountEmail: text(),
    accessToken: text().notNull(),
    refreshToken: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    syncToken: text(),
    channelId: uuid(),
    channelTokenHash: text(),
    channelResourceId: text(),
    channelExpiresAt: timestamp({ withTimezone: true }),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('google_calendar_connections_business_id_id_uq').on(t.businessId, t.id),
    unique('google_calendar_connections_person_uq').on(t.businessId, t.userId),
    unique('google_calendar_connections_channel_uq').on(t.channelId),
    foreignKey({
      name: 'google_calendar_connections_calendar_tenant_fk',
      columns: [t.businessId, t.calendarId],
      foreignColumns: [externalCalendars.businessId, externalCalendars.id],
    }).onDelete('cascade'),
    index('google_calendar_connections_business_id_idx').on(t.businessId),
    index('google_calendar_connections_user_id_idx').on(t.userId),
    index('google_calendar_connections_calendar_id_idx').on(t.calendarId),
  ],
);

/**
 * A job written to a connected Google Calendar: the booking's calendar SEQUENCE last written (a move or change
 * bumps it: one update), and when it was deleted (a cancelled job: one delete). No foreign key to the booking, so a
 * deleted booking's event can still be deleted from the calendar.
 */
export const googleCalendarEvents = pgTable(
  'google_calendar_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    connectionId: uuid().notNull(),
    bookingId: uuid().notNull(),
    eventId: text().notNull(),
    writtenSequence: integer().notNull(),
    deletedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('google_calendar_events_booking_uq').on(t.connectionId, t.bookingId),
    foreignKey({
      name: 'google_calendar_events_connection_tenant_fk',
      columns: [t.businessId, t.connectionId],
      foreignColumns: [googleCalendarConnections.businessId, googleCalendarConnections.id],
    }).onDelete('cascade'),
    index('google_calendar_events_business_id_idx').on(t.businessId),
    index('google_calendar_events_booking_id_idx').on(t.bookingId),
  ],
);

/** A Connect Google Calendar started and not yet finished: the OAuth state names it (signed; single use, 15 min). */
export const googleOauthStates = pgTable(
  'google_oauth_states',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('google_oauth_states_business_id_idx').on(t.businessId),
    index('google_oauth_states_user_id_idx').on(t.userId),
  ],
);
