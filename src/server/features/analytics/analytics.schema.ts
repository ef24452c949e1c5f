import { boolean, date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Zip checks counted per UTC day, zip and answer (served or not), for the admin analytics' zip check → booking
 * conversion. Instances add their counts in batches (docs/decisions/0830): the zip check stays an in-memory answer.
 */
export const zipCheckCounts = pgTable(
  'zip_check_counts',
  {
    day: date().notNull(),
    zipCode: varchar({ length: 5 }).notNull(),
    available: boolean().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.zipCode, t.available] })],
);
