import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { MAX_HOURLY_COST_CENTS } from '../../../shared/owner-analytics';
import { profiles } from '../../db/domain.schema';

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

/**
 * What an hour of a technician's time costs the business (wage and its overheads), in cents: the owner's figure,
 * turning the field app's recorded job hours into labour cost and profit per service (docs/decisions/1240).
 */
export const labourRates = pgTable(
  'labour_rates',
  {
    businessId: text()
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    hourlyCostCents: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'labour_rates_hourly_cost_ck',
      sql`${t.hourlyCostCents} between 0 and ${sql.raw(String(MAX_HOURLY_COST_CENTS))}`,
    ),
  ],
);
