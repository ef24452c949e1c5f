import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  foreignKey,
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
import { bookings, profiles, services } from '../../db/domain.schema';

/**
 * A technician's routing settings (decisions 1215, 1246): where the day starts and ends when not at the business's
 * base, a lunch break (the window its start falls in, in the business's local time, and its length), and the
 * specialist services the technician may do. No row: the base, no break, no specialist service.
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
    /** 'HH:MM': the lunch break starts between these; none without lunchMinutes. */
    lunchFrom: text(),
    lunchTo: text(),
    lunchMinutes: integer(),
    /** Specialist services (ids) this technician may do. */
    skills: uuid().array().notNull().default(sql`'{}'::uuid[]`),
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

/**
 * Services only some technicians may do (e.g. ceramic coating, decision 1246): the optimiser gives their jobs only
 * to technicians whose settings list them.
 */
export const specialistServices = pgTable(
  'specialist_services',
  {
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serviceId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.serviceId] }),
    foreignKey({
      name: 'specialist_services_service_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A drive the field app saw (decision 1247): a technician's end of one job (check-out or completion), or their
 * "on my way" if later, to their check-in at the next, the same day; beside the minutes the local estimate predicted
 * between the two jobs' points. One per job arrived at; the business's calibration is the median ratio of its latest.
 */
export const driveObservations = pgTable(
  'drive_observations',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    technicianId: text().references(() => user.id, { onDelete: 'set null' }),
    fromBookingId: uuid().notNull(),
    toBookingId: uuid().notNull(),
    observedMinutes: doublePrecision().notNull(),
    predictedMinutes: doublePrecision().notNull(),
    arrivedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('drive_observations_to_booking_uq').on(t.businessId, t.toBookingId),
    index('drive_observations_business_arrived_idx').on(t.businessId, t.arrivedAt),
    index('drive_observations_technician_id_idx').on(t.technicianId),
    index('drive_observations_from_booking_idx').on(t.businessId, t.fromBookingId),
    foreignKey({
      name: 'drive_observations_from_booking_fk',
      columns: [t.businessId, t.fromBookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'drive_observations_to_booking_fk',
      columns: [t.businessId, t.toBookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
  ],
);
