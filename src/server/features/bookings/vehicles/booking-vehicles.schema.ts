import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings, customerVehicles, profiles, services, vehicleType } from '../../../db/domain.schema';

/**
 * The vehicles of a booking (decision 1325), position 0 first: each with its type, its service and add-ons as priced
 * when booked (snapshots, as booking_add_ons keeps them: the service or add-on may change later). The booking's own
 * service, vehicle and price stay what they were (position 0's service, the sums): old rows were back-filled here.
 */
export const bookingVehicles = pgTable(
  'booking_vehicles',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookingId: uuid().notNull(),
    position: integer().notNull(),
    customerVehicleId: uuid(),
    // Null only for an old booking back-filled without a vehicle on record.
    vehicleType: vehicleType(),
    make: text(),
    model: text(),
    year: integer(),
    color: text(),
    serviceId: uuid(),
    serviceName: text().notNull(),
    // The service at §9's price for the type; the add-ons' own prices are in addOns.
    servicePriceCents: integer().notNull(),
    durationMinutes: integer().notNull(),
    addOns: jsonb()
      .$type<{ id: string; name: string; priceCents: number; extraMinutes: number }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_vehicles_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_vehicles_customer_vehicle_tenant_fk',
      columns: [t.businessId, t.customerVehicleId],
      foreignColumns: [customerVehicles.businessId, customerVehicles.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'booking_vehicles_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('set null'),
    unique('booking_vehicles_booking_position_uq').on(t.bookingId, t.position),
    index('booking_vehicles_business_booking_idx').on(t.businessId, t.bookingId),
    index('booking_vehicles_customer_vehicle_idx').on(t.customerVehicleId),
    index('booking_vehicles_service_idx').on(t.serviceId),
    check(
      'booking_vehicles_ck',
      sql`${t.position} between 0 and 9 and ${t.servicePriceCents} between 0 and 100000000 and ${t.durationMinutes} between 1 and 1440`,
    ),
  ],
);
