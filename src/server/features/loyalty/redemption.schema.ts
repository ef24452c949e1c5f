import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings, customers, profiles } from '../../db/domain.schema';
import { checkoutSessions } from '../bookings/book/booking.schema';
import { loyaltyRewards, rewardCategory } from './loyalty.schema';

/**
 * A one-time code emailed to a customer before their points are spent (docs/decisions/0710). The code and the
 * token it is exchanged for are stored hashed; the newest unverified code of an email is the one that counts.
 */
export const loyaltyVerifications = pgTable(
  'loyalty_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // Lower-cased.
    email: text().notNull(),
    codeHash: text().notNull(),
    // Wrong tries; the code is dead at the limit (counted with one UPDATE, so racing guesses cannot pass it).
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    // sha256 of the token handed out once the code is right; the invoice page spends it once (consumedAt).
    tokenHash: text().unique(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loyalty_verifications_business_email_idx').on(t.businessId, t.email, t.createdAt)],
);

/**
 * A reward chosen at /book, held by its checkout: its points count as held while the checkout can still become a
 * booking (open and not expired, or paid), the same rule as promo code uses (decision 702). The points leave the
 * ledger in the transaction that makes the booking; a cancelled or expired checkout holds nothing.
 */
export const rewardRedemptions = pgTable(
  'reward_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    customerId: uuid().notNull(),
    rewardId: uuid(),
    checkoutSessionId: uuid().notNull().unique(),
    bookingId: uuid(),
    rewardName: text().notNull(),
    category: rewardCategory().notNull(),
    points: integer().notNull(),
    discountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'reward_redemptions_booking_tenant_fk',
      columns: [t.businessId, t.bookingId],
      foreignColumns: [bookings.businessId, bookings.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'reward_redemptions_checkout_session_tenant_fk',
      columns: [t.businessId, t.checkoutSessionId],
      foreignColumns: [checkoutSessions.businessId, checkoutSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reward_redemptions_reward_tenant_fk',
      columns: [t.businessId, t.rewardId],
      foreignColumns: [loyaltyRewards.businessId, loyaltyRewards.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'reward_redemptions_customer_tenant_fk',
      columns: [t.businessId, t.customerId],
      foreignColumns: [customers.businessId, customers.id],
    }).onDelete('cascade'),
    index('reward_redemptions_customer_id_idx').on(t.customerId),
    index('reward_redemptions_business_id_idx').on(t.businessId),
    index('reward_redemptions_reward_id_idx').on(t.rewardId),
    index('reward_redemptions_booking_id_idx').on(t.bookingId),
    check('reward_redemptions_points_positive', sql`${t.points} > 0 and ${t.discountCents} >= 0`),
  ],
);
