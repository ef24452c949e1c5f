import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businessTotalChanges as changes } from './business-totals.schema';

/** Past this many rows of changes a read folds them into one (decision 922). */
const FOLD_AFTER = 32;

export interface BusinessTotals {
  bookings: number;
  pendingBookings: number;
  completedRevenueCents: number;
  customers: number;
}

/**
 * The dashboard's totals of one business, kept by the database's triggers in the same transaction as every change of
 * bookings and customers (migration 0033): a sum over the business's rows of changes, which stay few.
 */
export async function businessTotals(db: DbOrTx, businessId: string): Promise<BusinessTotals> {
  const result = await db.execute<{ totals: unknown }>(sql`select ${totalsOf(businessId)} as totals`);
  return readTotals(db, businessId, result.rows[0]?.totals);
}

/** The sums of a business's rows of changes as one SQL scalar (a JSON array), for a query that reads more. */
export const totalsOf = (businessId: string) => sql`(
  select json_build_array(coalesce(sum(${changes.bookings}), 0), coalesce(sum(${changes.pendingBookings}), 0),
           coalesce(sum(${changes.completedRevenueCents}), 0), coalesce(sum(${changes.customers}), 0), count(*))
  from ${changes} where ${changes.businessId} = ${businessId})`;

/** The totals from totalsOf's value; folds the business's rows when they have grown past FOLD_AFTER. */
export async function readTotals(db: DbOrTx, businessId: string, value: unknown): Promise<BusinessTotals> {
  const [bookings, pending, revenue, customers, rows] = (
    typeof value === 'string' ? JSON.parse(value) : value
  ) as number[];
  if (Number(rows) > FOLD_AFTER) await foldTotals(db, businessId);
  return {
    bookings: Number(bookings ?? 0),
    pendingBookings: Number(pending ?? 0),
    completedRevenueCents: Number(revenue ?? 0),
    customers: Number(customers ?? 0),
  };
}

/**
 * Folds a business's rows of changes into one, in one statement: rows another transaction is adding are not seen by
 * the delete and stay, so the sum is the same before and after, whatever runs beside it.
 */
export async function foldTotals(db: DbOrTx, businessId: string) {
  await db.execute(sql`
    with gone as (delete from ${changes} where ${changes.businessId} = ${businessId} returning *)
    insert into ${changes} (business_id, bookings, pending_bookings, completed_revenue_cents, customers)
    select ${businessId}, sum(bookings), sum(pending_bookings), sum(completed_revenue_cents), sum(customers)
    from gone having count(*) > 0`);
}
