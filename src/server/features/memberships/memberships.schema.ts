import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { VehicleType } from '../../../shared/constants';
import { CREDIT_PERIODS, MEMBERSHIP_STATUSES } from '../../../shared/memberships';
import { bookings, customers, profiles } from '../../db/domain.schema';
import { checkoutSessions } from '../bookings/book/booking.schema';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A business's maintenance plan (issue 32): a monthly price per vehicle with included service credits. */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    monthlyPriceCents: integer().notNull(),
    includedCredits: integer().notNull(),
    creditPeriod: text({ enum: CREDIT_PERIODS }).notNull(),
    discountPercent: integer().notNull().default(0),
    holdAllowed: boolean().notNull().default(false),
    maxHoldMonths: integer().notNull().default(0),
    vehicleTypes: jsonb().$type<VehicleType[]>().notNull(),
    // The services a credit pays for (decision 1260); empty: every service of the business.
    includedServiceIds: jsonb().$type<string[]>().notNull().default([]),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('maintenance_plans_business_id_id_uq').on(t.businessId, t.id),
    index('maintenance_plans_business_id_idx').on(t.businessId),
    check('maintenance_plans_price_ck', sql`${t.monthlyPriceCents} between 100 and 10000000`),
    check('maintenance_plans_credits_ck', sql`${t.includedCredits} between 0 and 50`),
    check('maintenance_plans_discount_ck', sql`${t.discountPercent} between 0 and 100`),
    check('maintenance_plans_hold_ck', sql`${t.maxHoldMonths} between 0 and 12`),
  ],
);

/**
 * A customer's membership of a plan. `next_charge_at` is when the next month is billed; a failed renewal keeps the
 * period it failed for in `failed_period_start` until it is paid or the membership is suspended (decision 1225).
 */
export const planMembers = pgTable(
  'plan_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    planId: uuid().notNull(),
    customerId: uuid(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    vehicles: integer().notNull().default(1),
    status: text({ enum: MEMBERSHIP_STATUSES }).notNull().default('pending'),
    provider: text({ enum: ['test', 'stripe'] }).notNull(),
    providerSessionId: text().unique(),
    providerCustomerId: text(),
    providerSubscriptionId: text().unique(),
    // Test mode's card on file: 'declining' makes renewals fail until the member updates it (no money moves).
    testCardState: text({ enum: ['ok', 'declining'] })
      .notNull()
      .default('ok'),
    startedAt: timestamp({ withTimezone: true }),
    nextChargeAt: timestamp({ withTimezone: true }),
    failedPeriodStart: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    holdUntil: timestamp({ withTimezone: true }),
    // Months of hold taken in hold_year (the plan's yearly allowance).
    holdYear: integer(),
    holdMonthsUsed: integer().notNull().default(0),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('plan_members_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'plan_members_plan_tenant_fk',
      columns: [t.businessId, t.planId],
      foreignColumns: [maintenancePlans.businessId, maintenancePlans.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'plan_members_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('set null'),
    index('plan_members_business_id_idx').on(t.businessId),
    index('plan_members_plan_id_idx').on(t.planId),
    index('plan_members_customer_id_idx').on(t.customerId),
    index('plan_members_due_idx').on(t.status, t.nextChargeAt),
    check('plan_members_vehicles_ck', sql`${t.vehicles} between 1 and 10`),
  ],
);

/**
 * The credits ledger: a grant per credit period (unique), a spend per booking (unique), a return when that booking
 * is cancelled. The balance is the sum and the spend checks it under the member's row lock (never below zero).
 */
export const planCreditEntries = pgTable(
  'plan_credit_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    memberId: uuid().notNull(),
    kind: text({ enum: ['grant', 'spend', 'return'] }).notNull(),
    delta: integer().notNull(),
    // A grant's period (YYYY-MM-DD of its start); null for spends and returns.
    periodStart: text(),
    bookingId: uuid(),
    // A spend's visit at its list price: what the visit earns loyalty points on (decision 1260).
    visitValueCents: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'plan_credit_entries_member_tenant_fk',
      columns: [t.businessId, t.memberId],
      foreignColumns: [planMembers.businessId, planMembers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'plan_credit_entries_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    index('plan_credit_entries_business_id_idx').on(t.businessId),
    index('plan_credit_entries_member_id_idx').on(t.memberId),
    index('plan_credit_entries_booking_id_idx').on(t.bookingId),
    uniqueIndex('plan_credit_entries_grant_uq').on(t.memberId, t.periodStart).where(sql`kind = 'grant'`),
    uniqueIndex('plan_credit_entries_spend_uq')
      .on(t.memberId, t.bookingId, t.kind)
      .where(sql`kind <> 'grant'`),
    check(
      'plan_credit_entries_sign_ck',
      sql`(kind = 'spend' and delta < 0) or (kind <> 'spend' and delta > 0)`,
    ),
  ],
);

/**
 * Each attempt to bill one month of a membership: written before the provider is asked (unique per member, period
 * and attempt), so a replayed job or a second instance never charges twice.
 */
export const planCharges = pgTable(
  'plan_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    memberId: uuid().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    attempt: integer().notNull(),
    status: text({ enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    amountCents: integer().notNull(),
    applicationFeeCents: integer().notNull().default(0),
    providerReference: text(),
    createdAt: createdAt(),
    /** When a run last took the attempt to the provider: a pending one older than the lease is asked again (1366). */
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'plan_charges_member_tenant_fk',
      columns: [t.businessId, t.memberId],
      foreignColumns: [planMembers.businessId, planMembers.id],
    }).onDelete('cascade'),
    index('plan_charges_business_id_idx').on(t.businessId),
    uniqueIndex('plan_charges_attempt_uq').on(t.memberId, t.periodStart, t.attempt),
    check('plan_charges_attempt_ck', sql`${t.attempt} between 0 and 3`),
  ],
);

/**
 * A /book checkout made by a plan member (decision 1260): paid with one credit (an included service, $0) or at the
 * plan's discount. The credit is spent when the checkout becomes a booking, in that transaction.
 */
export const planCheckouts = pgTable(
  'plan_checkouts',
  {
    checkoutId: uuid().primaryKey(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    memberId: uuid().notNull(),
    useCredit: boolean().notNull(),
    visitValueCents: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'plan_checkouts_checkout_tenant_fk',
      columns: [t.businessId, t.checkoutId],
      foreignColumns: [checkoutSessions.businessId, checkoutSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'plan_checkouts_member_tenant_fk',
      columns: [t.businessId, t.memberId],
      foreignColumns: [planMembers.businessId, planMembers.id],
    }).onDelete('cascade'),
    index('plan_checkouts_business_id_idx').on(t.businessId),
    index('plan_checkouts_member_id_idx').on(t.memberId),
  ],
);
