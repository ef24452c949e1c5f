import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TIME_ENTRY_KINDS } from '../../../shared/timesheets';
import { user } from '../../auth/auth.schema';
import { bookings, profiles } from '../../db/domain.schema';
import { oneOf } from '../../db/enum-check';

/**
 * A technician's time: a shift (clock in → clock out) or the time on one job (check-in → check-out, copied from the
 * field events and then owned here, so the owner's corrections stick; decision 1180). `endedAt` null = still open.
 * `deviceStartedAt`/`deviceEndedAt` are the phone's clock as it acted, beside the server's `recordedAt`.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    technicianId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text({ enum: TIME_ENTRY_KINDS }).notNull(),
    bookingId: uuid(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    deviceStartedAt: text(),
    deviceEndedAt: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** Set by the owner's first correction: the field events no longer move this entry. */
    editedAt: timestamp({ withTimezone: true }),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('time_entries_kind_ck', oneOf(t.kind, TIME_ENTRY_KINDS)),
    check('time_entries_booking_ck', sql`(${t.kind} = 'job') = (${t.bookingId} is not null)`),
    check('time_entries_order_ck', sql`${t.endedAt} is null or ${t.endedAt} > ${t.startedAt}`),
    foreignKey({
      name: 'time_entries_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    // The target of time_entry_edits' composite key: an edit names an entry of its own business.
    unique('time_entries_business_id_id_uq').on(t.businessId, t.id),
    index('time_entries_business_started_idx').on(t.businessId, t.startedAt),
    index('time_entries_technician_idx').on(t.technicianId, t.startedAt),
    index('time_entries_booking_idx').on(t.bookingId),
    // One open shift per technician: a second clock-in is refused by the index, whatever the race.
    uniqueIndex('time_entries_open_shift_uq')
      .on(t.businessId, t.technicianId)
      .where(sql`kind = 'shift' and ended_at is null`),
    // One job entry per job and technician.
    uniqueIndex('time_entries_job_uq').on(t.bookingId, t.technicianId).where(sql`kind = 'job'`),
  ],
);

/** Every correction the owner made to an entry: who, when, the entry before and after, and why. */
export const timeEntryEdits = pgTable(
  'time_entry_edits',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    entryId: uuid().notNull(),
    editedBy: text().references(() => user.id, { onDelete: 'set null' }),
    editorName: text().notNull(),
    before: jsonb().notNull(),
    after: jsonb().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'time_entry_edits_entry_tenant_fk',
      columns: [t.businessId, t.entryId],
      foreignColumns: [timeEntries.businessId, timeEntries.id],
    }).onDelete('cascade'),
    index('time_entry_edits_entry_idx').on(t.entryId, t.createdAt),
    index('time_entry_edits_business_idx').on(t.businessId),
    index('time_entry_edits_edited_by_idx').on(t.editedBy),
  ],
);
