import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { VEHICLE_TYPES } from '../../../shared/constants';
import { bookings, customers, profiles, services } from '../../db/domain.schema';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A service the owner made repeatable, with a discount per frequency (issue 32, decision 1257). */
export const repeatableServices = pgTable(
  'repeatable_services',
  {
    serviceId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    weeklyPercent: integer().notNull().default(0),
    biweeklyPercent: integer().notNull().default(0),
    fourWeeklyPercent: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'repeatable_services_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('cascade'),
    index('repeatable_services_business_id_idx').on(t.businessId),
    check(
      'repeatable_services_percent_ck',
      sql`${t.weeklyPercent} between 0 and 50 and ${t.biweeklyPercent} between 0 and 50 and ${t.fourWeeklyPercent} between 0 and 50`,
    ),
  ],
);

/**
 * A customer's repeat visits: one place, weekday and local time every `interval_weeks` weeks from `anchor_date`.
 * `setup_status` is 'open' until the card is saved (a SetupIntent on the business's connected account, or the test
 * checkout); only then are visits booked.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serviceId: uuid(),
    customerId: uuid(),
    customerVehicleId: uuid(),
    serviceName: text().notNull(),
    durationMinutes: integer().notNull(),
    intervalWeeks: integer().notNull(),
    anchorDate: date({ mode: 'string' }).notNull(),
    localTime: text().notNull(),
    timeZone: text().notNull(),
    locationAddress: text().notNull(),
    zipCode: text(),
    vehicleType: text({ enum: VEHICLE_TYPES }).notNull(),
    vehicleMake: text(),
    vehicleModel: text(),
    vehicleYear: integer(),
    vehicleColor: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    notes: text(),
    // Per visit: the §9 price, the frequency discount, and what is charged after each completed visit.
    priceCents: integer().notNull(),
    discountPercent: integer().notNull(),
    discountCents: integer().notNull(),
    visitCents: integer().notNull(),
    status: text({ enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    setupStatus: text({ enum: ['open', 'saved'] })
      .notNull()
      .default('open'),
    provider: text({ enum: ['test', 'stripe'] }).notNull(),
    providerSessionId: text().unique(),
    // The connected account the card is saved on and charged through; the customer and card there.
    connectedAccount: text(),
    providerCustomerId: text(),
    paymentMethodId: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('booking_series_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'booking_series_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'booking_series_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('set null'),
    index('booking_series_business_id_idx').on(t.businessId),
    index('booking_series_customer_id_idx').on(t.customerId),
    index('booking_series_service_id_idx').on(t.serviceId),
    check('booking_series_interval_ck', sql`${t.intervalWeeks} in (1, 2, 4)`),
    check('booking_series_money_ck', sql`${t.visitCents} >= 0 and ${t.discountCents} >= 0`),
  ],
);

/**
 * One row per occurrence date of a series, written once (unique): booked (with its booking), skipped, could not be
 * placed (flagged to the owner with the reason), or cancelled with the series. The extender never books a date twice.
 */
export const seriesVisits = pgTable(
  'series_visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    seriesId: uuid().notNull(),
    occurrenceDate: date({ mode: 'string' }).notNull(),
    status: text({ enum: ['booked', 'skipped', 'unplaced', 'cancelled'] }).notNull(),
    bookingId: uuid(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'series_visits_series_tenant_fk',
      columns: [t.businessId, t.seriesId],
      foreignColumns: [bookingSeries.businessId, bookingSeries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'series_visits_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    index('series_visits_business_id_idx').on(t.businessId),
    index('series_visits_series_id_idx').on(t.seriesId),
    uniqueIndex('series_visits_occurrence_uq').on(t.seriesId, t.occurrenceDate),
    uniqueIndex('series_visits_booking_uq').on(t.bookingId),
  ],
);

/** A completed visit's off-session charge, claimed once per booking before the provider is asked. */
export const seriesCharges = pgTable(
  'series_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    seriesId: uuid().notNull(),
    bookingId: uuid().notNull(),
    amountCents: integer().notNull(),
    applicationFeeCents: integer().notNull().default(0),
    status: text({ enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    providerReference: text(),
    failureMessage: text(),
    createdAt: createdAt(),
    /** When a run last took the charge to the provider: a pending one older than the lease is asked again (1366). */
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'series_charges_series_tenant_fk',
      columns: [t.businessId, t.seriesId],
      foreignColumns: [bookingSeries.businessId, bookingSeries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'series_charges_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    index('series_charges_business_id_idx').on(t.businessId),
    index('series_charges_series_id_idx').on(t.seriesId),
    uniqueIndex('series_charges_booking_uq').on(t.bookingId),
    check('series_charges_amount_ck', sql`${t.amountCents} >= 0`),
  ],
);
