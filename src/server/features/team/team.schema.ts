import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';
import { bookings, profiles } from '../../db/domain.schema';

/**
 * An owner's invitation of a technician (single use, 7 days). Only the token's SHA-256 is stored; the link carries
 * the token. A pending invitation holds a seat (docs/decisions/0804).
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    invitedBy: text().references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: text().references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_hash_uq').on(t.tokenHash),
    index('team_invitations_business_id_idx').on(t.businessId),
    // One open invitation per business and address.
    uniqueIndex('team_invitations_open_email_uq')
      .on(t.businessId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/**
 * Which technician a booking is assigned to. Its own table (one row per booking) so the bookings table and its
 * service stay untouched (docs/decisions/0805).
 */
export const bookingAssignments = pgTable(
  'booking_assignments',
  {
    bookingId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    technicianId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_assignments_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    index('booking_assignments_business_technician_idx').on(t.businessId, t.technicianId),
  ],
);
