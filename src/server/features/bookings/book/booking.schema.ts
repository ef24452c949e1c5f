import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { CHECKOUT_STATUSES, PAYMENT_PROVIDER_KINDS } from '../../../../shared/checkout';
import type { VEHICLE_TYPES } from '../../../../shared/constants';
import { bookings, locations, profiles, services, vehicleType } from '../../../db/domain.schema';

export const checkoutStatus = pgEnum('checkout_status', CHECKOUT_STATUSES);
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDER_KINDS);

/**
 * A booking request waiting for payment. It holds everything the booking will need, server-side, so that
 * nothing is booked before the payment succeeds and nothing the browser sends after create-payment is trusted.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: paymentProvider().notNull(),
    // The provider's session id (Stripe's cs_…, or the test checkout's); the /booking-success session_id.
    providerSessionId: text().notNull().unique(),
    // Null for a platform lead (docs/decisions/0006).
    businessId: text().references(() => profiles.id, { onDelete: 'cascade' }),
    serviceId: uuid().references(() => services.id, { onDelete: 'set null' }),
    serviceName: text().notNull(),
    serviceDescription: text(),
    durationMinutes: integer().notNull(),
    vehicleType: vehicleType().notNull(),
    vehicleMake: text(),
    vehicleModel: text(),
    vehicleYear: integer(),
    vehicleColor: text(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    timeZone: text().notNull(),
    locationAddress: text().notNull(),
    zipCode: varchar({ length: 5 }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    specialInstructions: text(),
    // The customer ticked the SMS marketing opt-in on the booking form (recorded as consent when booked).
    smsMarketingOptIn: boolean().notNull().default(false),
    // The customer agreed to their job's photos being shown on the business's public page (decision 1244).
    photoConsent: boolean().notNull().default(false),
    amountCents: integer().notNull(),
    // The service's add-ons the customer took, as the server priced them (docs/decisions/1255); in amountCents and
    // durationMinutes already, written to booking_add_ons with the booking.
    addOns: jsonb()
      .$type<{ id: string; name: string; priceCents: number; extraMinutes: number }[]>()
      .notNull()
      .default([]),
    // The first vehicle's service at §9's price, before add-ons and discounts (decision 1325); null on older rows.
    servicePriceCents: integer(),
    // The household's further vehicles as the server priced them (decision 1325): in amountCents and durationMinutes
    // already, written to booking_vehicles after the first with the booking.
    extraVehicles: jsonb()
      .$type<
        {
          serviceId: string;
          serviceName: string;
          vehicleType: (typeof VEHICLE_TYPES)[number];
          make: string | null;
          model: string | null;
          color: string | null;
          servicePriceCents: number;
          durationMinutes: number;
          addOns: { id: string; name: string; priceCents: number; extraMinutes: number }[];
        }[]
      >()
      .notNull()
      .default([]),
    // Destination charge terms (docs/decisions/1000): the business's connected account and the platform's fee (on
    // amountCents, never on the tip). No destination: the platform is the merchant (a lead, docs/decisions/0006).
    destinationAccount: text(),
    applicationFeeCents: integer().notNull().default(0),
    // Charged with the price, kept apart (docs/decisions/0501).
    tipCents: integer().notNull().default(0),
    status: checkoutStatus().notNull().default('open'),
    // The provider's payment (Stripe payment_intent), needed to refund.
    paymentReference: text(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    // The location the customer booked (its link, or the one serving their zip; decision 1280).
    locationId: uuid(),
    // The site path the customer came to /book from (an SEO page /seo/{slug}, /, …), for the admin analytics.
    landingPath: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('checkout_sessions_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'checkout_sessions_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'checkout_sessions_location_tenant_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
    index('checkout_sessions_location_id_idx').on(t.locationId),
    foreignKey({
      name: 'checkout_sessions_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('set null'),
    check(
      'checkout_sessions_money_ck',
      sql`${t.amountCents} between 0 and 100000000 and ${t.tipCents} between 0 and 100000000 and ${t.applicationFeeCents} between 0 and ${t.amountCents}`,
    ),
    check('checkout_sessions_duration_ck', sql`${t.durationMinutes} between 1 and 1440`),
    index('checkout_sessions_business_id_idx').on(t.businessId),
    index('checkout_sessions_service_id_idx').on(t.serviceId),
    index('checkout_sessions_booking_id_idx').on(t.bookingId),
  ],
);
