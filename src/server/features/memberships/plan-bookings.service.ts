import { and, eq, sql } from 'drizzle-orm';
import { MEMBERSHIP_TEXT, planDiscountedCents, planIncludesService } from '../../../shared/memberships';
import type { DbOrTx, Transaction } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { signedTokenId } from '../../http/tokens';
import { MEMBER_LINK_PURPOSE } from './membership-messages';
import { maintenancePlans, planCheckouts, planCreditEntries, planMembers } from './memberships.schema';

// A plan member books on /book with their member link (decision 1260): an included service is paid with one credit
// ($0), any other at the plan's discount. The credit is spent when the checkout becomes a booking, in its
// transaction, under the member's row lock; a cancelled booking gives it back once; a no-show keeps it spent.

export interface PlanBookingTerms {
  memberId: string;
  useCredit: boolean;
  /** What the customer pays for the service: 0 with a credit, else the price less the plan's discount. */
  priceCents: number;
  /** The service's price before the plan: what the visit earns points on. */
  visitValueCents: number;
}

const balanceOf = async (db: DbOrTx, memberId: string) => {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${planCreditEntries.delta}), 0)::int` })
    .from(planCreditEntries)
    .where(eq(planCreditEntries.memberId, memberId));
  return row?.n ?? 0;
};

/**
 * The plan's terms for one booking of the member named by `token` at this business. Another business's member, or a
 * forged link, is 404; a membership that is not active (held, failing, suspended, cancelled) books nothing: 409.
 */
export async function planTermsForBooking(
  db: DbOrTx,
  linkSecret: string,
  input: { token: string; businessId: string; serviceId: string; vehicleType: string; priceCents: number },
): Promise<PlanBookingTerms> {
  const memberId = signedTokenId(linkSecret, MEMBER_LINK_PURPOSE, input.token);
  if (!memberId) throw notFound(MEMBERSHIP_TEXT.memberNotFound);
  const [row] = await db
    .select({ m: planMembers, plan: maintenancePlans })
    .from(planMembers)
    .innerJoin(
      maintenancePlans,
      and(
        eq(maintenancePlans.businessId, planMembers.businessId),
        eq(maintenancePlans.id, planMembers.planId),
      ),
    )
    .where(and(eq(planMembers.id, memberId), eq(planMembers.businessId, input.businessId)));
  if (!row) throw notFound(MEMBERSHIP_TEXT.memberNotFound);
  if (row.m.status !== 'active') throw conflict(MEMBERSHIP_TEXT.notBookable);
  const included = planIncludesService(row.plan, input.serviceId, input.vehicleType);
  const useCredit = included && (await balanceOf(db, memberId)) >= 1;
  return {
    memberId,
    useCredit,
    priceCents: useCredit ? 0 : planDiscountedCents(input.priceCents, row.plan.discountPercent),
    visitValueCents: input.priceCents,
  };
}

/** Kept with the checkout, in its transaction. */
export async function holdPlanTerms(
  tx: Transaction,
  businessId: string,
  checkoutId: string,
  terms: PlanBookingTerms,
) {
  await tx.insert(planCheckouts).values({
    checkoutId,
    businessId,
    memberId: terms.memberId,
    useCredit: terms.useCredit,
    visitValueCents: terms.visitValueCents,
  });
}

/**
 * The checkout became `bookingId`: its credit is spent, once. Throws 409 when the membership stopped being active or
 * its credits ran out meanwhile, which rolls the booking back with the caller's transaction.
 */
export async function spendCheckoutCredit(tx: Transaction, checkoutId: string, bookingId: string) {
  const [held] = await tx.select().from(planCheckouts).where(eq(planCheckouts.checkoutId, checkoutId));
  if (!held?.useCredit) return;
  const [m] = await tx
    .select({ status: planMembers.status })
    .from(planMembers)
    .where(and(eq(planMembers.businessId, held.businessId), eq(planMembers.id, held.memberId)))
    .for('update');
  const [spent] = await tx
    .select({ id: planCreditEntries.id })
    .from(planCreditEntries)
    .where(
      and(
        eq(planCreditEntries.memberId, held.memberId),
        eq(planCreditEntries.bookingId, bookingId),
        eq(planCreditEntries.kind, 'spend'),
      ),
    );
  if (spent) return;
  if (m?.status !== 'active') throw conflict(MEMBERSHIP_TEXT.notBookable);
  if ((await balanceOf(tx, held.memberId)) < 1) throw conflict(MEMBERSHIP_TEXT.noCredits);
  await tx.insert(planCreditEntries).values({
    businessId: held.businessId,
    memberId: held.memberId,
    kind: 'spend',
    delta: -1,
    bookingId,
    visitValueCents: held.visitValueCents,
  });
}

/** A cancelled visit paid with a credit: the credit comes back, once (the unique index refuses a second return). */
export async function returnBookingCredit(tx: DbOrTx, businessId: string, bookingId: string) {
  const spends = await tx
    .select({ memberId: planCreditEntries.memberId })
    .from(planCreditEntries)
    .where(
      and(
        eq(planCreditEntries.businessId, businessId),
        eq(planCreditEntries.bookingId, bookingId),
        eq(planCreditEntries.kind, 'spend'),
      ),
    );
  for (const s of spends)
    await tx
      .insert(planCreditEntries)
      .values({ businessId, memberId: s.memberId, kind: 'return', delta: 1, bookingId })
      .onConflictDoNothing();
}

/**
 * What a completed visit earns loyalty points on: its final price, or for a visit paid with a credit (and not
 * given back) the service's price before the plan — a plan visit earns like any booking.
 */
export async function pointsBaseCents(tx: DbOrTx, bookingId: string, finalPriceCents: number) {
  if (finalPriceCents > 0) return finalPriceCents;
  const [row] = await tx
    .select({
      value: sql<
        number | null
      >`max(${planCreditEntries.visitValueCents}) filter (where ${planCreditEntries.kind} = 'spend')`,
      returned: sql<number>`count(*) filter (where ${planCreditEntries.kind} = 'return')::int`,
    })
    .from(planCreditEntries)
    .where(eq(planCreditEntries.bookingId, bookingId));
  return row?.value && row.returned === 0 ? row.value : finalPriceCents;
}
