import { foreignKey, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';
import { bookings, profiles } from '../../db/domain.schema';

/**
 * A platform lead (a booking made without a business, decision 006) an admin gave to a business, and what the
 * business was charged for it (§9 lead generation; one ledger row per lead, docs/decisions/0831).
 */
export const leadAssignments = pgTable(
  'lead_assignments',
  {
    bookingId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    assignedBy: text().references(() => user.id, { onDelete: 'set null' }),
    priceCents: integer().notNull(),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'lead_assignments_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    index('lead_assignments_business_id_idx').on(t.businessId),
    index('lead_assignments_assigned_by_idx').on(t.assignedBy),
  ],
);
