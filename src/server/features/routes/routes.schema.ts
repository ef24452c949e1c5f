import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../../auth/auth.schema';
import { profiles } from '../../db/domain.schema';

/**
 * Where a technician's day starts and ends, when not at the business's base (decision 1215). No row: the base.
 */
export const technicianLocations = pgTable(
  'technician_locations',
  {
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    technicianId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startAddress: text(),
    startLatitude: doublePrecision(),
    startLongitude: doublePrecision(),
    endAddress: text(),
    endLatitude: doublePrecision(),
    endLongitude: doublePrecision(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.technicianId] }),
    index('technician_locations_technician_id_idx').on(t.technicianId),
  ],
);

/**
 * A plan proposed by Optimize for one day, applied at most once (decision 1216). `fingerprint` is the day's jobs,
 * technicians and times when it was proposed: a plan for a day that has changed since is refused.
 */
export const routePlans = pgTable(
  'route_plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    fingerprint: text().notNull(),
    plan: jsonb().notNull(),
    beforeMinutes: integer().notNull(),
    afterMinutes: integer().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    appliedAt: timestamp({ withTimezone: true }),
    appliedBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('route_plans_business_id_id_uq').on(t.businessId, t.id),
    index('route_plans_business_day_idx').on(t.businessId, t.day),
  ],
);
