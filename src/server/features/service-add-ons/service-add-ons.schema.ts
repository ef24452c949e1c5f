import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings, profiles, services } from '../../db/domain.schema';

/**
 * An add-on the owner offers with a service (§9 Pro "automated upsells", docs/decisions/1255): its own price (not
 * multiplied by the vehicle type), the minutes it adds to the slot, and the vehicle types it applies to (empty: all).
 * Removing one archives it (is_active false), so bookings that took it keep their line.
 */
export const serviceAddOns = pgTable(
  'service_add_ons',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serviceId: uuid().notNull(),
    name: text().notNull(),
    priceCents: integer().notNull(),
    extraMinutes: integer().notNull().default(0),
    vehicleTypes: text().array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('service_add_ons_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'service_add_ons_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('cascade'),
    index('service_add_ons_service_idx').on(t.businessId, t.serviceId),
    check('service_add_ons_price_ck', sql`${t.priceCents} between 0 and 10000000`),
    check('service_add_ons_minutes_ck', sql`${t.extraMinutes} between 0 and 480`),
  ],
);

/**
 * An add-on a booking took, as priced when it was booked (name, price and minutes copied: the add-on may change or be
 * archived later). add_on_id names the add-on for the attach rate; it is not a foreign key, history outlives it.
 */
export const bookingAddOns = pgTable(
  'booking_add_ons',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bookingId: uuid().notNull(),
    addOnId: uuid().notNull(),
    name: text().notNull(),
    priceCents: integer().notNull(),
    extraMinutes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'booking_add_ons_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('cascade'),
    unique('booking_add_ons_booking_add_on_uq').on(t.bookingId, t.addOnId),
    index('booking_add_ons_business_add_on_idx').on(t.businessId, t.addOnId),
    check('booking_add_ons_price_ck', sql`${t.priceCents} between 0 and 10000000`),
  ],
);
