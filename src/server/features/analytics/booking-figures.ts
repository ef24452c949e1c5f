import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, invoicePayments } from '../../db/schema';

/**
 * The booking aggregates the owners' dashboard and the platform analytics both report, written once so the two
 * always agree (docs/decisions/0830). Revenue: final price of completed bookings. Gross booking value: the price
 * (final, else quoted) of every booking that was not cancelled or a no-show, tips excluded (decision 501).
 */
export const bookingAggregates = {
  bookings: count(),
  pendingBookings: sql<number>`count(*) filter (where ${bookings.status} = 'pending')`.mapWith(Number),
  completedRevenueCents:
    sql<number>`coalesce(sum(${bookings.finalPriceCents}) filter (where ${bookings.status} = 'completed'), 0)`.mapWith(
      Number,
    ),
  grossValueCents:
    sql<number>`coalesce(sum(coalesce(${bookings.finalPriceCents}, ${bookings.quotedPriceCents})) filter (where ${bookings.status} not in ('cancelled', 'no_show')), 0)`.mapWith(
      Number,
    ),
  bookingTipsCents:
    sql<number>`coalesce(sum(${bookings.tipCents}) filter (where ${bookings.status} <> 'cancelled'), 0)`.mapWith(
      Number,
    ),
};

export type BookingFigures = { [K in keyof typeof bookingAggregates]: number };

const instant = (v: Date | SQL) => (v instanceof Date ? sql`${v.toISOString()}::timestamptz` : v);

export async function bookingFigures(db: DbOrTx, where: SQL | undefined): Promise<BookingFigures> {
  const [row] = await db.select(bookingAggregates).from(bookings).where(where);
  return (
    row ?? {
      bookings: 0,
      pendingBookings: 0,
      completedRevenueCents: 0,
      grossValueCents: 0,
      bookingTipsCents: 0,
    }
  );
}

/** Bookings created in [from, to), of one business or (null) of every business; leads (no business) excluded. */
export const bookingsCreatedBetween = (from: Date | SQL, to: Date | SQL, businessId: string | null) =>
  and(
    businessId ? eq(bookings.businessId, businessId) : sql`${bookings.businessId} is not null`,
    gte(bookings.createdAt, from as Date),
    lt(bookings.createdAt, to as Date),
  );

/**
 * Tips in [from, to): booking tips (by when the booking was made, cancelled ones excluded) and invoice payment tips
 * (by when paid). The dashboard's "tips this month" and the platform's tips are this one query. `tip_cents <> 0` adds
 * nothing to the sum; with `status <> 'cancelled'` it is the predicate of bookings_business_tips_idx, which answers a
 * business's month from the index (tips-index.test.ts EXPLAINs it).
 */
export async function tipsCentsBetween(
  db: DbOrTx,
  fromAt: Date | SQL,
  toAt: Date | SQL,
  businessId: string | null,
) {
  const [row] = await db
    .execute<{ cents: string | number }>(tipsCentsQuery(fromAt, toAt, businessId))
    .then((r) => r.rows);
  return Number(row?.cents ?? 0);
}

/** tipsCentsBetween's SQL (tests EXPLAIN it). */
export function tipsCentsQuery(fromAt: Date | SQL, toAt: Date | SQL, businessId: string | null) {
  const from = instant(fromAt);
  const to = instant(toAt);
  const ofBusiness = (col: typeof bookings.businessId | typeof invoicePayments.businessId) =>
    businessId ? sql`${col} = ${businessId}` : sql`${col} is not null`;
  return sql`select
    coalesce((select sum(${bookings.tipCents}) from ${bookings} where ${ofBusiness(bookings.businessId)} and ${bookings.tipCents} <> 0 and ${bookings.status} <> 'cancelled' and ${bookings.createdAt} >= ${from} and ${bookings.createdAt} < ${to}), 0)
    + coalesce((select sum(${invoicePayments.tipCents}) from ${invoicePayments} where ${ofBusiness(invoicePayments.businessId)} and ${invoicePayments.paidAt} >= ${from} and ${invoicePayments.paidAt} < ${to}), 0) as cents`;
}
