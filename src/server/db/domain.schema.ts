import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  type PgTableExtraConfigValue,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { PLATFORM_ROLES } from '../../shared/admin-users';
import { CAMPAIGN_TYPES } from '../../shared/campaigns';
import { BOOKING_STATUSES, SUBSCRIPTION_TIERS, VEHICLE_TYPES } from '../../shared/constants';
import type { DayHours } from '../../shared/scheduling';
import { SEO_PAGE_STATUSES, SEO_RUN_STATUSES } from '../../shared/seo.constants';
import { VERIFICATION_STATUSES } from '../../shared/verification';
import { user } from '../auth/auth.schema';
import { oneOf } from './enum-check';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

type TextColumn = SQLWrapper;

/**
 * The searchable text of a row, one expression per table: the trigram (GIN, pg_trgm) index below is built on it and
 * the searches ILIKE exactly it, so PostgreSQL answers `%text%` from the index instead of reading every row
 * (docs/decisions/0444). Change one only with its index (a migration).
 */
export const customerSearchText = (c: {
  firstName: TextColumn;
  lastName: TextColumn;
  email: TextColumn;
  phone: TextColumn;
  address: TextColumn;
}) =>
  sql`(${c.firstName} || ' ' || ${c.lastName} || ' ' || ${c.email} || ' ' || coalesce(${c.phone}, '') || ' ' || coalesce(${c.address}, ''))`;
export const vehicleSearchText = (v: {
  year: TextColumn;
  make: TextColumn;
  model: TextColumn;
  color: TextColumn;
}) =>
  sql`(coalesce(${v.year}::text, '') || ' ' || ${v.make} || ' ' || ${v.model} || ' ' || coalesce(${v.color}, ''))`;
export const bookingSearchText = (b: { serviceName: TextColumn; locationAddress: TextColumn }) =>
  sql`(${b.serviceName} || ' ' || ${b.locationAddress})`;
const trigramIndex = (name: string, text: SQL) => index(name).using('gin', sql`${text} gin_trgm_ops`);
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// Every database enum and CHECK list is built from the shared constants (one source; db-enums.test.ts compares them).
export const subscriptionTier = pgEnum('subscription_tier', SUBSCRIPTION_TIERS);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);
export const appRole = pgEnum('app_role', PLATFORM_ROLES);
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);
export const vehicleType = pgEnum('vehicle_type', VEHICLE_TYPES);

/** One row per business owner, keyed by the auth user's id (the spec's business_id). */
export const profiles = pgTable(
  'profiles',
  {
    id: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    businessName: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    subscriptionTier: subscriptionTier().notNull().default('starter'),
    subscriptionActive: boolean().notNull().default(true),
    trialEndsAt: timestamp({ withTimezone: true }),
    verificationStatus: verificationStatus().notNull().default('pending'),
    businessTagline: text(),
    businessDescription: text(),
    businessAddress: text(),
    serviceRadiusMiles: integer().notNull().default(0),
    phone: text(),
    businessEmail: text(),
    websiteUrl: text(),
    yearsInBusiness: integer().notNull().default(0),
    insuranceInfo: text(),
    aboutOwner: text(),
    certifications: text().array().notNull().default(sql`'{}'::text[]`),
    specialties: text().array().notNull().default(sql`'{}'::text[]`),
    serviceGuarantees: text().array().notNull().default(sql`'{}'::text[]`),
    // When the owner switched on online payments for their booking page (docs/decisions/0004).
    paymentsEnabledAt: timestamp({ withTimezone: true }),
    // The page made by Generate Business Page; regenerating updates this row (docs/decisions/0203).
    businessPageId: uuid(),
    // IANA zone of the business's wall clock: booking slots (08:00–17:00) are in it (docs/decisions/0101).
    timeZone: text().notNull().default('America/Chicago'),
    // The readable public booking link /book/{slug} (docs/decisions/1103); null until the business has a name.
    bookingSlug: text().unique(),
    // The base's point (businessAddress geocoded) and the business's drive-time tuning (decision 1215).
    baseLatitude: doublePrecision(),
    baseLongitude: doublePrecision(),
    driveCircuity: doublePrecision().notNull().default(1.25),
    driveSpeedPercent: integer().notNull().default(100),
    // Observed over predicted drive minutes from the team's check-ins (median, clamped; decision 1247): the local
    // estimate is multiplied by it. Null until enough drives are observed.
    driveCalibration: doublePrecision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  }, // Typed: the extras name city_seo_pages, which names profiles (drizzle cannot infer the cycle).
  (t): PgTableExtraConfigValue[] => [
    foreignKey({
      name: 'profiles_business_page_tenant_fk',
      columns: [t.id, t.businessPageId],
      foreignColumns: [citySeoPages.businessId, citySeoPages.id],
    }).onDelete('set null'),
    index('profiles_business_page_id_idx').on(t.businessPageId),
  ],
);

/**
 * Where a business works from (Elite multi-location, decision 1280). Every business has exactly one primary
 * location (made by a trigger when its profile is made); the primary one reads the business's own settings (zone,
 * hours, address, the service areas no other location took, the technicians no other location took), so a business
 * with one location behaves as before. Another location has its own zone, hours, address, zips and technicians.
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // Its booking link /book/{business slug}/{slug}; unique within the business.
    slug: text().notNull(),
    // Null on the primary location: the business's address, zone and hours are its own.
    address: text(),
    timeZone: text(),
    // Seven entries, Sunday first; null is a day off. Null: the business's hours (Hours & Booking).
    weeklyHours: jsonb().$type<Array<DayHours | null>>(),
    isPrimary: boolean().notNull().default(false),
    // Archived: no longer bookable nor listed in filters; its bookings keep naming it.
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('locations_business_id_id_uq').on(t.businessId, t.id),
    uniqueIndex('locations_business_slug_uq').on(t.businessId, t.slug),
    uniqueIndex('locations_one_primary_uq').on(t.businessId).where(sql`${t.isPrimary}`),
    check('locations_primary_not_archived_ck', sql`not (${t.isPrimary} and ${t.archivedAt} is not null)`),
    check('locations_zone_ck', sql`${t.isPrimary} or ${t.timeZone} is not null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: appRole().notNull(),
    // A technician works for one business; admins belong to the platform (null).
    businessId: text().references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_roles_user_role_uq').on(t.userId, t.role),
    index('user_roles_business_id_idx').on(t.businessId),
  ],
);

export const serviceAreas = pgTable(
  'service_areas',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    zipCode: varchar({ length: 5 }).notNull(),
    city: text().notNull(),
    state: text().notNull(),
    stateCode: varchar({ length: 2 }),
    isActive: boolean().notNull().default(false),
    launchDate: date(),
    // The location serving this zip (decision 1280); null: the primary location.
    locationId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'service_areas_location_tenant_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
    index('service_areas_location_id_idx').on(t.locationId),
    index('service_areas_business_id_idx').on(t.businessId),
    index('service_areas_zip_active_idx').on(t.zipCode, t.isActive),
    uniqueIndex('service_areas_business_zip_uq').on(t.businessId, t.zipCode),
  ],
);

export const emailWaitlist = pgTable(
  'email_waitlist',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    zipCode: varchar({ length: 5 }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    notified: boolean().notNull().default(false),
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per person and zip: a repeated join is a no-op (emails are stored lower-cased).
    uniqueIndex('email_waitlist_email_zip_uq').on(t.email, t.zipCode),
    index('email_waitlist_zip_notified_idx').on(t.zipCode, t.notified),
  ],
);

export const services = pgTable(
  'services',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    basePriceCents: integer().notNull(),
    durationMinutes: integer().notNull().default(60),
    isActive: boolean().notNull().default(true),
    vehicleTypeMultipliers: jsonb().$type<Record<string, number>>().notNull(),
    // A service with bookings is archived instead of deleted, so history stays readable.
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('services_business_id_id_uq').on(t.businessId, t.id),
    // The /services page's keyset order (newest first, id as the tiebreak); it serves business_id lookups too.
    index('services_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // Backstops of the zod rules (hardening defect 10): bad values fail as 400s (app.ts maps 23514), never overflow.
    check('services_money_ck', sql`${t.basePriceCents} between 0 and 100000000`),
    check('services_duration_ck', sql`${t.durationMinutes} between 1 and 1440`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    address: text(),
    notes: text(),
    // The address's point, stored when the address is written and back-filled (decision 1215).
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    // Where the point came from: null = the address geocoded; 'check_in' = a technician's GPS at check-in with
    // coordinatesAccuracyM metres of accuracy (decision 1247).
    coordinatesSource: text().$type<'check_in'>(),
    coordinatesAccuracyM: doublePrecision(),
    // bigint: a running total (int4 overflowed near $21M and the booking could never complete; hardening defect 10).
    loyaltyPoints: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_business_id_id_uq').on(t.businessId, t.id),
    // The /customers page's keyset order (newest first, id as the tiebreak); it serves business_id lookups too.
    index('customers_business_created_idx').on(t.businessId, t.createdAt, t.id),
    uniqueIndex('customers_business_email_uq').on(t.businessId, sql`lower(${t.email})`),
    trigramIndex('customers_search_trgm_idx', customerSearchText(t)),
    // The running balance of the points ledger (features/loyalty); the database keeps it at 0 or above.
    check('customers_loyalty_points_not_negative', sql`${t.loyaltyPoints} >= 0`),
  ],
);

export const customerVehicles = pgTable(
  'customer_vehicles',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    year: integer(),
    color: text(),
    vehicleType: vehicleType().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('customer_vehicles_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'customer_vehicles_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('cascade'),
    index('customer_vehicles_business_id_idx').on(t.businessId),
    index('customer_vehicles_customer_id_idx').on(t.customerId),
    trigramIndex('customer_vehicles_search_trgm_idx', vehicleSearchText(t)),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Null for a platform lead (a booking made where no business serves yet; admins assign it).
    businessId: text().references(() => profiles.id, { onDelete: 'cascade' }),
    serviceId: uuid().references(() => services.id, { onDelete: 'set null' }),
    customerId: uuid().references(() => customers.id, { onDelete: 'set null' }),
    customerVehicleId: uuid().references(() => customerVehicles.id, { onDelete: 'set null' }),
    // Snapshots, so that the booking reads the same after the service or customer changes.
    serviceName: text().notNull(),
    serviceDescription: text(),
    durationMinutes: integer().notNull(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    locationAddress: text().notNull(),
    zipCode: varchar({ length: 5 }),
    quotedPriceCents: integer().notNull(),
    finalPriceCents: integer(),
    // The customer's tip, its own line: never part of the price (docs/decisions/0501).
    tipCents: integer().notNull().default(0),
    status: bookingStatus().notNull().default('pending'),
    specialInstructions: text(),
    // The payment provider's checkout session; unique so that completing it twice books once.
    paymentSessionId: text().unique(),
    // The owner recorded a payment taken outside ShineRoute (cash, card reader) for a booking they entered.
    paidOfflineAt: timestamp({ withTimezone: true }),
    // What the person booking online entered (decision 0936): kept here, never written over the customer's record,
    // which the owner may update from it. The address they entered is locationAddress. Null for owner-made bookings.
    bookerFirstName: text(),
    bookerLastName: text(),
    bookerPhone: text(),
    // When they ticked the SMS marketing opt-in, for bookerPhone only.
    bookerSmsOptInAt: timestamp({ withTimezone: true }),
    // The job's point (locationAddress geocoded when written, back-filled; decision 1215).
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    // As on customers: null = geocoded; 'check_in' = refined by a technician's GPS at check-in (decision 1247).
    coordinatesSource: text().$type<'check_in'>(),
    coordinatesAccuracyM: doublePrecision(),
    // The arrival an applied route plan gives the job, inside its booked window (features/routes, decision 1216).
    plannedArrivalAt: timestamp({ withTimezone: true }),
    // The owner lets the optimiser place the job any time in the technician's day (decision 1334): its window is the
    // shift, not the booked hour.
    arrivalAnyTime: boolean().notNull().default(false),
    // A weather move found no time for it on the new day (decision 1345): the owner sees "Needs a new time" and the
    // customer was asked to pick one. A trigger clears it when the time or the status changes, whichever path does it.
    needsNewTimeAt: timestamp({ withTimezone: true }),
    // The calendar feeds' SEQUENCE (RFC 5545): bumped by a trigger whenever the time, length, place, service or status
    // changes, whichever path changed it (docs/decisions/1220).
    icalSequence: integer().notNull().default(0),
    // Where the business serves it from (decision 1280): set on insert by a trigger when not given — the location
    // serving the booking's zip, else the primary one. Null only for a platform lead.
    locationId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('bookings_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'bookings_customer_vehicle_tenant_fk',
      columns: [t.businessId, t.customerVehicleId],
      foreignColumns: [customerVehicles.businessId, customerVehicles.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'bookings_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'bookings_location_tenant_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
    check('bookings_location_ck', sql`${t.businessId} is null or ${t.locationId} is not null`),
    index('bookings_location_scheduled_idx').on(t.locationId, t.scheduledAt),
    foreignKey({
      name: 'bookings_service_tenant_fk',
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete('set null'),
    check(
      'bookings_money_ck',
      sql`${t.quotedPriceCents} between 0 and 100000000 and coalesce(${t.finalPriceCents}, 0) between 0 and 100000000 and ${t.tipCents} between 0 and 100000000`,
    ),
    check('bookings_duration_ck', sql`${t.durationMinutes} between 1 and 1440`),
    index('bookings_business_id_idx').on(t.businessId),
    index('bookings_business_scheduled_idx').on(t.businessId, t.scheduledAt),
    // The dashboard's tips this month (bookings made since the 1st) without a scan of the business (decision 922).
    index('bookings_business_created_idx').on(t.businessId, t.createdAt),
    // The same sum read from the index alone: only bookings with a tip that count (tipsCentsBetween's own conditions),
    // a tenth of a month's bookings at scale, with the tip in the key (issue 14).
    index('bookings_business_tips_idx')
      .on(t.businessId, t.createdAt, t.tipCents)
      .where(sql`${t.tipCents} <> 0 and ${t.status} <> 'cancelled'`),
    index('bookings_service_id_idx').on(t.serviceId),
    index('bookings_customer_id_idx').on(t.customerId),
    // A customer's completed bookings by date: whether they were served before a period, their first visit (the
    // owner's analytics: returning customers, cohorts; decision 1254). The location last, in no query's order: the
    // figures narrowed to one location read it from the index alone too (decision 1337).
    index('bookings_completed_customer_idx')
      .on(t.businessId, t.customerId, t.scheduledAt, t.locationId)
      .where(sql`${t.status} = 'completed'`),
    index('bookings_customer_vehicle_id_idx').on(t.customerVehicleId),
    trigramIndex('bookings_search_trgm_idx', bookingSearchText(t)),
  ],
);

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    category: text(),
    currentStock: integer().notNull().default(0),
    minStockAlert: integer().notNull().default(5),
    unitCostCents: integer(),
    supplier: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('inventory_items_business_id_id_uq').on(t.businessId, t.id),
    // The /inventory page's keyset order (by name, case-insensitive, id as the tiebreak).
    index('inventory_items_business_name_idx').on(t.businessId, sql`lower(${t.name})`, t.id),
    // The database's own guard: stock never goes below 0, whatever the caller does.
    check('inventory_items_stock_not_negative', sql`${t.currentStock} >= 0`),
    check('inventory_items_min_alert_not_negative', sql`${t.minStockAlert} >= 0`),
    check('inventory_items_unit_cost_ck', sql`coalesce(${t.unitCostCents}, 0) between 0 and 100000000`),
  ],
);

/** Every message the platform sends; the outbox adapter stores it here and admins can read it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text({ enum: CAMPAIGN_TYPES }).notNull(),
    to: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    // Extra mail headers (List-Unsubscribe…), so tests and admins see what a mail carried.
    headers: jsonb().$type<Record<string, string>>(),
    // 'stored' when kept in the outbox only, 'sent' when a real transport accepted it.
    transport: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_to_idx').on(t.to),
    index('outbox_messages_created_at_idx').on(t.createdAt),
    check('outbox_messages_channel_ck', oneOf(t.channel, CAMPAIGN_TYPES)),
  ],
);

export const seoPageStatus = pgEnum('seo_page_status', SEO_PAGE_STATUSES);
export const seoRunStatus = pgEnum('seo_run_status', SEO_RUN_STATUSES);

export interface SeoFaqItem {
  question: string;
  answer: string;
}

/**
 * A platform SEO generation (admin): the plan it was asked for and how far it got. Progress is committed in the
 * same transaction as each batch of pages, so a restarted worker resumes where the last one stopped.
 */
export const seoGenerationRuns = pgTable(
  'seo_generation_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Null for a platform run (an admin's); set when a business's run (reserved for bulk owner generation).
    businessId: text().references(() => profiles.id, { onDelete: 'cascade' }),
    requestedBy: text().references(() => user.id, { onDelete: 'set null' }),
    keywords: text().array().notNull(),
    states: text().array().notNull(),
    targetVehicles: boolean().notNull().default(false),
    // The cities chosen per state when the run was requested, so a resume walks the very same plan.
    cities: jsonb().$type<Array<{ city: string; state: string }>>().notNull(),
    batchSize: integer().notNull().default(10),
    status: seoRunStatus().notNull().default('queued'),
    totalPages: integer().notNull(),
    processedPages: integer().notNull().default(0),
    createdPages: integer().notNull().default(0),
    skippedPages: integer().notNull().default(0),
    errorMessage: text(),
    jobId: text(),
    // The worker holding the run and its last sign of life (a stale heartbeat lets another worker take over).
    claimedBy: text(),
    heartbeatAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('seo_generation_runs_business_id_id_uq').on(t.businessId, t.id),
    index('seo_generation_runs_business_id_idx').on(t.businessId, t.createdAt),
    index('seo_generation_runs_status_idx').on(t.status),
    index('seo_generation_runs_requested_by_idx').on(t.requestedBy),
  ],
);

/** Public landing pages (/seo/{slug}); business_id is null for platform pages made by an admin. */
export const citySeoPages = pgTable(
  'city_seo_pages',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text().references(() => profiles.id, { onDelete: 'cascade' }),
    city: text().notNull(),
    // The 2-letter state code.
    state: text().notNull(),
    keywords: text().array().notNull().default(sql`'{}'::text[]`),
    pageTitle: text().notNull(),
    metaDescription: text(),
    slug: text().notNull().unique(),
    status: seoPageStatus().notNull().default('draft'),
    // Sanitised HTML (sanitised before storage and again before serving).
    content: text(),
    // The questions and answers of the page's FAQ section, for its FAQPage structured data.
    faq: jsonb().$type<SeoFaqItem[]>(),
    vehicleMake: text(),
    vehicleModel: text(),
    generationRunId: uuid().references(() => seoGenerationRuns.id, { onDelete: 'set null' }),
    // Moves (by database triggers) whenever what the public page shows may have changed: the page's own fields, its
    // business's name, phone or tagline, or its reviews. A stored render of another version is stale (decision 309).
    renderVersion: integer().notNull().default(1),
    // A platform page's area: the zip codes it names (its city's, then the nearest). Whether an active service area
    // lies in them decides whether the page may offer booking; a trigger on service_areas re-renders the page when
    // that changes (docs/decisions/0950). Filled when the page is first rendered.
    areaZips: text().array(),
    // What the admin search matches: title, city, state code and state name, lower-cased (docs/decisions/0302).
    searchText: text().generatedAlwaysAs(
      sql`lower("page_title" || ' ' || "city" || ' ' || "state" || ' ' || us_state_name("state"))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('city_seo_pages_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'city_seo_pages_generation_run_tenant_fk',
      columns: [t.businessId, t.generationRunId],
      foreignColumns: [seoGenerationRuns.businessId, seoGenerationRuns.id],
    }).onDelete('set null'),
    index('city_seo_pages_business_id_idx').on(t.businessId, t.createdAt),
    index('city_seo_pages_status_idx').on(t.status),
    index('city_seo_pages_created_at_idx').on(t.createdAt),
    index('city_seo_pages_generation_run_id_idx').on(t.generationRunId),
    index('city_seo_pages_area_zips_idx').using('gin', t.areaZips),
    // The admin list searches with LIKE '%term%' over 100k+ rows (docs/decisions/0302).
    index('city_seo_pages_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    customerName: text().notNull(),
    customerInitial: varchar({ length: 1 }).notNull(),
    serviceType: text(),
    rating: integer().notNull().default(5),
    testimonialText: text().notNull(),
    isFeatured: boolean().notNull().default(false),
    dateReceived: date().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('testimonials_business_id_id_uq').on(t.businessId, t.id),
    index('testimonials_business_id_idx').on(t.businessId, t.createdAt),
    check('testimonials_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
