import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../../db/domain.schema';

/**
 * The dashboard's totals per business as rows of changes (docs/decisions/0922): statement triggers on bookings and
 * customers add a row for every statement that changes a total, in the same transaction; the dashboard sums a
 * business's rows and folds them into one when they grow. Insert-only for writers, so no booking waits on a shared
 * counter row.
 */
export const businessTotalChanges = pgTable(
  'business_total_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookings: integer().notNull().default(0),
    pendingBookings: integer().notNull().default(0),
    completedRevenueCents: bigint({ mode: 'number' }).notNull().default(0),
    customers: integer().notNull().default(0),
  },
  (t) => [index('business_total_changes_business_id_idx').on(t.businessId)],
);
