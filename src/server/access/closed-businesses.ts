import { eq, notExists, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountClosures } from '../db/schema';

// A closed account (decision 1236) has no public page and takes no booking from the moment it closes (decision 1285):
// every public read of a business's page, document, gallery or plan goes through one of these.

/** True for a business that has not closed its account (an SQL condition on a business id column). */
export const businessIsOpen = (businessId: SQLWrapper): SQL =>
  notExists(sql`(select 1 from ${accountClosures} where ${accountClosures.businessId} = ${businessId})`);

/** The same condition in plain SQL, for the hand-written statements of the public pages' fast path. */
export const BUSINESS_IS_OPEN_SQL = (column: string) =>
  `not exists (select 1 from account_closures closed where closed.business_id = ${column})`;

export async function isBusinessClosed(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(accountClosures)
    .where(eq(accountClosures.businessId, businessId));
  return Boolean(row);
}
