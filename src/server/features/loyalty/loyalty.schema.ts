import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  type PgTableExtraConfigValue,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  LOYALTY_SOURCES,
  LOYALTY_TRANSACTION_TYPES,
  REWARD_CATEGORIES,
} from '../../../shared/loyalty.schemas';
import { user } from '../../auth/auth.schema';
import { bookings, customers, profiles } from '../../db/domain.schema';

export const rewardCategory = pgEnum('reward_category', REWARD_CATEGORIES);
export const loyaltyTransactionType = pgEnum('loyalty_transaction_type', LOYALTY_TRANSACTION_TYPES);
export const loyaltySource = pgEnum('loyalty_source', LOYALTY_SOURCES);

/** A reward a customer can spend points on (§3); deactivated rather than deleted, so history keeps its name. */
export const loyaltyRewards = pgTable(
  'loyalty_rewards',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    pointsRequired: integer().notNull(),
    valueCents: integer().notNull(),
    category: rewardCategory().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('loyalty_rewards_business_id_id_uq').on(t.businessId, t.id),
    index('loyalty_rewards_business_id_idx').on(t.businessId, t.pointsRequired),
    check('loyalty_rewards_points_positive', sql`${t.pointsRequired} > 0`),
    check('loyalty_rewards_value_not_negative', sql`${t.valueCents} >= 0`),
  ],
);

/**
 * The points ledger: append-only (a trigger refuses updates and deletes). A BEFORE INSERT trigger locks the
 * customer row, moves customers.loyalty_points by `points` and stores the result in balance_after; both columns
 * have CHECK >= 0, so no writer can take a balance below 0 (docs/decisions/0701).
 */
export const loyaltyTransactions = pgTable(
  'loyalty_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    type: loyaltyTransactionType().notNull(),
    source: loyaltySource().notNull(),
    // Signed: negative when redeemed or reversed.
    points: integer().notNull(),
    // Set by the trigger; any value the caller sends is overwritten.
    balanceAfter: integer().notNull().default(0),
    description: text().notNull(),
    bookingId: uuid(),
    rewardId: uuid(),
    // A reversal names the entry it undoes; each entry is reversed at most once.
    reversesId: uuid(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Typed: the extras name the table itself (the reversal's foreign key).
  (t): PgTableExtraConfigValue[] => [
    unique('loyalty_transactions_business_id_id_uq').on(t.businessId, t.id),
    foreignKey({
      name: 'loyalty_transactions_reverses_tenant_fk',
      columns: [t.businessId, t.reversesId],
      foreignColumns: [loyaltyTransactions.businessId, loyaltyTransactions.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'loyalty_transactions_reward_tenant_fk',
      columns: [t.businessId, t.rewardId],
      foreignColumns: [loyaltyRewards.businessId, loyaltyRewards.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'loyalty_transactions_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'loyalty_transactions_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('cascade'),
    index('loyalty_transactions_business_created_idx').on(t.businessId, t.createdAt, t.id),
    index('loyalty_transactions_customer_id_idx').on(t.customerId),
    index('loyalty_transactions_booking_id_idx').on(t.bookingId),
    index('loyalty_transactions_reward_id_idx').on(t.rewardId),
    index('loyalty_transactions_created_by_idx').on(t.createdBy),
    uniqueIndex('loyalty_transactions_reverses_uq').on(t.reversesId),
    // A completed booking earns once, whatever completes it and however often.
    uniqueIndex('loyalty_transactions_booking_earned_uq')
      .on(t.bookingId)
      .where(sql`${t.type} = 'earned' and ${t.source} = 'booking'`),
    // A reward chosen at booking is redeemed once, however often the checkout is completed (docs/decisions/0710).
    uniqueIndex('loyalty_transactions_booking_redeemed_uq')
      .on(t.bookingId)
      .where(sql`${t.type} = 'redeemed' and ${t.source} = 'reward'`),
    check('loyalty_transactions_points_not_zero', sql`${t.points} <> 0`),
    check('loyalty_transactions_balance_not_negative', sql`${t.balanceAfter} >= 0`),
  ],
);
