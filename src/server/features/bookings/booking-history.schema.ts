import { foreignKey, index, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings, profiles } from '../../db/domain.schema';

/** One row per change to a booking (created by the owner, time, service, vehicle, address, price, notes, status). */
export const bookingHistory = pgTable(
  'booking_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Insertion order: the rows of one change share the transaction's created_at.
    seq: serial().notNull(),
    bookingId: uuid().notNull(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // What changed: created, time, service, vehicle, address, price, notes, status.
    field: text().notNull(),
    // "Tue, Jun 3 at 10:00 AM CDT → Wed, Jun 4 at 2:00 PM CDT", readable as is.
    summary: text().notNull(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_history_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    index('booking_history_booking_id_idx').on(t.bookingId, t.seq),
    index('booking_history_business_id_idx').on(t.businessId),
  ],
);
