import { and, eq, isNull, sql } from 'drizzle-orm';
import { pointsForPriceCents } from '../../../shared/loyalty';
import { notEnoughPoints } from '../../../shared/loyalty.schemas';
import type { DbOrTx } from '../../db/client';
import { customers, loyaltyTransactions } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

type Entry = typeof loyaltyTransactions.$inferInsert;

/**
 * The one write path of the points ledger. Runs inside the caller's transaction: locks the customer, refuses an
 * overdraft with a readable message, then appends the entry; the database trigger moves customers.loyalty_points
 * and its CHECK is the last word (docs/decisions/0701).
 */
export async function appendPoints(
  tx: DbOrTx,
  entry: Omit<Entry, 'id' | 'balanceAfter' | 'createdAt'>,
): Promise<{ id: string; balance: number }> {
  const [customer] = await tx
    .select({ points: customers.loyaltyPoints, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.id, entry.customerId), eq(customers.businessId, entry.businessId)))
    .for('update');
  if (!customer) throw notFound('Customer not found');
  if (customer.points + entry.points < 0) {
    throw conflict(
      notEnoughPoints(`${customer.firstName} ${customer.lastName}`.trim(), customer.points, -entry.points),
    );
  }
  const [row] = await tx
    .insert(loyaltyTransactions)
    .values(entry)
    .returning({ id: loyaltyTransactions.id, balance: loyaltyTransactions.balanceAfter });
  return row!;
}

/**
 * A completed booking earns 1 point per $5 of its final price, once: called in the completion transaction, it
 * looks for an earlier entry (the partial unique index refuses a second one even if two callers race).
 */
export async function earnPointsForBooking(
  tx: DbOrTx,
  booking: {
    businessId: string;
    customerId: string;
    bookingId: string;
    finalPriceCents: number;
    serviceName: string;
  },
) {
  const points = pointsForPriceCents(booking.finalPriceCents);
  if (points === 0) return null;
  const [earlier] = await tx
    .select({ id: loyaltyTransactions.id })
    .from(loyaltyTransactions)
    .where(
      and(
        eq(loyaltyTransactions.bookingId, booking.bookingId),
        eq(loyaltyTransactions.type, 'earned'),
        eq(loyaltyTransactions.source, 'booking'),
      ),
    );
  if (earlier) return null;
  return appendPoints(tx, {
    businessId: booking.businessId,
    customerId: booking.customerId,
    type: 'earned',
    source: 'booking',
    points,
    description: `Earned for ${booking.serviceName}`,
    bookingId: booking.bookingId,
  });
}

/**
 * Undoes what a booking did to points (a refund or cancellation): its earned points are taken back and points it
 * spent are returned, each entry at most once (unique reverses_id). Earned points already spent are taken back
 * only down to 0 (docs/decisions/0701).
 */
export async function reverseBookingPoints(
  tx: DbOrTx,
  businessId: string,
  bookingId: string,
  reason: string,
) {
  const entries = await tx
    .select({
      id: loyaltyTransactions.id,
      customerId: loyaltyTransactions.customerId,
      points: loyaltyTransactions.points,
      rewardId: loyaltyTransactions.rewardId,
    })
    .from(loyaltyTransactions)
    .where(
      and(
        eq(loyaltyTransactions.businessId, businessId),
        eq(loyaltyTransactions.bookingId, bookingId),
        sql`${loyaltyTransactions.type} in ('earned', 'redeemed')`,
        isNull(loyaltyTransactions.reversesId),
        sql`not exists (select 1 from ${loyaltyTransactions} r where r.reverses_id = ${loyaltyTransactions.id})`,
      ),
    );
  for (const entry of entries) {
    let points = -entry.points;
    if (points < 0) {
      const [c] = await tx
        .select({ balance: customers.loyaltyPoints })
        .from(customers)
        .where(eq(customers.id, entry.customerId))
        .for('update');
      points = -Math.min(-points, c?.balance ?? 0);
    }
    if (points === 0) continue;
    await appendPoints(tx, {
      businessId,
      customerId: entry.customerId,
      type: 'reversed',
      source: 'booking',
      points,
      description: points > 0 ? `Returned: ${reason}` : `Reversed: ${reason}`,
      bookingId,
      rewardId: entry.rewardId,
      reversesId: entry.id,
    });
  }
}

/**
 * Gives back the points of one redemption (an invoice refunded in full, docs/decisions/1190), at most once: the
 * reversal names the entry (unique reverses_id). Returns the points given back (0 when already returned).
 */
export async function returnRedeemedPoints(tx: DbOrTx, businessId: string, entryId: string, reason: string) {
  const [entry] = await tx
    .select({
      customerId: loyaltyTransactions.customerId,
      points: loyaltyTransactions.points,
      rewardId: loyaltyTransactions.rewardId,
      type: loyaltyTransactions.type,
    })
    .from(loyaltyTransactions)
    .where(
      and(
        eq(loyaltyTransactions.id, entryId),
        eq(loyaltyTransactions.businessId, businessId),
        sql`not exists (select 1 from ${loyaltyTransactions} r where r.reverses_id = ${loyaltyTransactions.id})`,
      ),
    );
  if (entry?.type !== 'redeemed' || entry.points >= 0) return 0;
  await appendPoints(tx, {
    businessId,
    customerId: entry.customerId,
    type: 'reversed',
    source: 'reward',
    points: -entry.points,
    description: `Returned: ${reason}`,
    rewardId: entry.rewardId,
    reversesId: entryId,
  });
  return -entry.points;
}
