import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { loyaltyTier } from '../../../shared/loyalty';
import { type AdjustPointsInput, LOYALTY_TEXT } from '../../../shared/loyalty.schemas';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { customers, loyaltyTransactions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertUuid } from '../../http/ids';
import { afterCursor, cursorText, type ListQuery, pageOf } from '../../http/lists';
import { lifetimeValueCents } from '../customers/lifetime-value';
import { appendPoints } from './points-ledger';

/** §2 cards: members, points issued (net of take-backs), points redeemed (net of returns), average balance. */
export async function loyaltySummary(db: Database, businessId: string) {
  const [members] = await db
    .select({
      totalMembers: sql<number>`count(*)`.mapWith(Number),
      totalPoints: sql<number>`coalesce(sum(${customers.loyaltyPoints}), 0)`.mapWith(Number),
    })
    .from(customers)
    .where(eq(customers.businessId, businessId));
  const t = loyaltyTransactions;
  const [ledger] = await db
    .select({
      issued:
        sql<number>`coalesce(sum(${t.points}) filter (where ${t.type} in ('earned', 'adjusted') or (${t.type} = 'reversed' and ${t.points} < 0)), 0)`.mapWith(
          Number,
        ),
      redeemed:
        sql<number>`coalesce(-sum(${t.points}) filter (where ${t.type} = 'redeemed' or (${t.type} = 'reversed' and ${t.points} > 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(t)
    .where(eq(t.businessId, businessId));
  const totalMembers = members?.totalMembers ?? 0;
  return {
    totalMembers,
    pointsIssued: ledger?.issued ?? 0,
    pointsRedeemed: ledger?.redeemed ?? 0,
    avgPointsPerCustomer: totalMembers ? Math.round((members?.totalPoints ?? 0) / totalMembers) : 0,
  };
}

type CustomerRow = Pick<
  typeof customers.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'email' | 'loyaltyPoints'
> & {
  lifetimeValueCents: number;
};
// "Total spent" and the tier read the one lifetime value (docs/decisions/0948).
export const toLoyaltyCustomer = ({ lifetimeValueCents: spent, ...c }: CustomerRow) => ({
  id: c.id,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  totalSpentCents: spent,
  loyaltyPoints: c.loyaltyPoints,
  loyaltyTier: loyaltyTier(c.loyaltyPoints, spent),
});

const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  lifetimeValueCents: lifetimeValueCents(),
  loyaltyPoints: customers.loyaltyPoints,
};

/** The Customers tab: most points first (then name), searchable by name or email, keyset pages. */
export async function listLoyaltyCustomers(db: Database, businessId: string, query: ListQuery) {
  const pattern = containsPattern(query.q);
  const rows = await db
    .select(customerColumns)
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        pattern
          ? or(
              ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
              ilike(customers.email, pattern),
            )
          : undefined,
        afterCursor(
          query.cursor,
          [
            { column: customers.loyaltyPoints, kind: 'int' },
            { column: customers.id, kind: 'uuid' },
          ],
          'desc',
        ),
      ),
    )
    .orderBy(desc(customers.loyaltyPoints), desc(customers.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.loyaltyPoints, r.id]);
  return { items: page.items.map(toLoyaltyCustomer), nextCursor: page.nextCursor };
}

/** The Transactions tab: newest first, with the customer's name; keyset pages. */
export async function listLoyaltyTransactions(
  db: Database,
  businessId: string,
  query: ListQuery & { customerId?: string },
) {
  const t = loyaltyTransactions;
  if (query.customerId) assertUuid(query.customerId, LOYALTY_TEXT.customerNotFound);
  const rows = await db
    .select({
      id: t.id,
      customerId: t.customerId,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      type: t.type,
      source: t.source,
      points: t.points,
      balanceAfter: t.balanceAfter,
      description: t.description,
      bookingId: t.bookingId,
      createdAt: t.createdAt,
      at: cursorText(t.createdAt),
    })
    .from(t)
    .innerJoin(customers, eq(customers.id, t.customerId))
    .where(
      and(
        eq(t.businessId, businessId),
        query.customerId ? eq(t.customerId, query.customerId) : undefined,
        afterCursor(
          query.cursor,
          [
            { column: t.createdAt, kind: 'timestamp' },
            { column: t.id, kind: 'uuid' },
          ],
          'desc',
        ),
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [r.at, r.id]);
  return {
    items: page.items.map(({ customerFirstName, customerLastName, createdAt, at: _at, ...r }) => ({
      ...r,
      customerName: `${customerFirstName} ${customerLastName}`.trim(),
      createdAt: createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/** Adjust Points (§2/§5): earned adds, redeemed subtracts; more than the balance is refused (409). */
export async function adjustPoints(
  db: Database,
  businessId: string,
  userId: string,
  input: AdjustPointsInput,
) {
  assertUuid(input.customerId, LOYALTY_TEXT.customerNotFound);
  return db.transaction(async (tx) => {
    await appendPoints(tx, {
      businessId,
      customerId: input.customerId,
      type: input.type,
      source: 'owner',
      points: input.type === 'earned' ? input.points : -input.points,
      description: input.description,
      createdBy: userId,
    });
    const [row] = await tx.select(customerColumns).from(customers).where(eq(customers.id, input.customerId));
    if (!row) throw notFound(LOYALTY_TEXT.customerNotFound);
    return toLoyaltyCustomer(row);
  });
}
