import { and, eq, or, sql } from 'drizzle-orm';
import {
  addMonths,
  type JoinPlanInput,
  joinPlanSchema,
  MEMBERSHIP_TEXT,
  memberMonthlyCents,
} from '../../../shared/memberships';
import { businessIsOpen } from '../../access/closed-businesses';
import type { DbOrTx } from '../../db/client';
import { bookings, customers, profiles } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { assertOwnedIds, assertUuid } from '../../http/ids';
import { signedToken, signedTokenId } from '../../http/tokens';
import { findPublicBusiness } from '../bookings/book/booking-options.service';
import { getPaymentAccount, NOT_TAKING_BOOKINGS } from '../payouts/payment-accounts.service';
import { applicationFeeCents, getPlatformFee } from '../payouts/platform-fee';
import { attemptCharge, type MembershipDeps, nextRetry } from './membership-billing.service';
import { MEMBER_LINK_PURPOSE, memberLink } from './membership-messages';
import { maintenancePlans, planCreditEntries, planMembers } from './memberships.schema';
import { creditBalanceSql, planView } from './plans.service';

const INVITE_PURPOSE = 'plan-invite';

/** The invitation link to one plan (a signed token of its id, decision 1164). */
export const planInviteLink = (deps: Pick<MembershipDeps, 'publicUrl' | 'linkSecret'>, planId: string) =>
  `${deps.publicUrl}/membership-plans/invite/${signedToken(deps.linkSecret, INVITE_PURPOSE, planId)}`;

async function businessOfRef(db: DbOrTx, ref: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(or(eq(profiles.id, ref), eq(profiles.bookingSlug, ref)));
  const business = row ? await findPublicBusiness(db, row.id) : null;
  // A closed account's plans page and invitations are gone at once (decision 1285).
  if (!business || business.closed) throw notFound('This business could not be found');
  return business;
}

const publicBusiness = (b: NonNullable<Awaited<ReturnType<typeof findPublicBusiness>>>) => ({
  id: b.id,
  name: b.name ?? 'Detailing business',
  acceptsOnlineBookings: b.acceptsOnlineBookings,
});

/** The business's plans page: its active plans. */
export async function publicPlans(db: DbOrTx, ref: string) {
  const business = await businessOfRef(db, ref);
  const plans = await db
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.businessId, business.id), eq(maintenancePlans.isActive, true)))
    .orderBy(maintenancePlans.monthlyPriceCents, maintenancePlans.id);
  return { business: publicBusiness(business), items: plans.map(planView), nextCursor: null };
}

/** An invitation link's plan (it must still be active). */
export async function invitedPlan(deps: Pick<MembershipDeps, 'db' | 'linkSecret'>, token: string) {
  const planId = signedTokenId(deps.linkSecret, INVITE_PURPOSE, token);
  if (!planId) throw notFound(MEMBERSHIP_TEXT.notFound);
  const [plan] = await deps.db
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.id, planId), eq(maintenancePlans.isActive, true)));
  if (!plan) throw notFound(MEMBERSHIP_TEXT.notFound);
  const business = await businessOfRef(deps.db, plan.businessId);
  return { business: publicBusiness(business), items: [planView(plan)], nextCursor: null };
}

/** The customer row of a member: the business's customer with this email, else a new one. */
async function customerFor(
  db: DbOrTx,
  businessId: string,
  input: { name: string; email: string; phone: string },
) {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = lower(${input.email})`));
  if (found) return found.id;
  const [first, ...rest] = input.name.split(/\s+/);
  const [created] = await db
    .insert(customers)
    .values({
      businessId,
      firstName: first ?? input.name,
      lastName: rest.join(' '),
      email: input.email,
      phone: input.phone || null,
    })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  return created?.id ?? null;
}

/**
 * A customer joins: a pending membership, then the payment page — Stripe Checkout in subscription mode on the
 * business's connected account, or in test mode the member's own page with its test payment (decision 1225).
 */
export async function joinPlan(deps: MembershipDeps, raw: JoinPlanInput) {
  const input = joinPlanSchema.parse(raw);
  assertUuid(input.planId, MEMBERSHIP_TEXT.notFound);
  const [plan] = await deps.db
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.id, input.planId), eq(maintenancePlans.isActive, true)));
  if (!plan) throw notFound(MEMBERSHIP_TEXT.notFound);
  const account = await getPaymentAccount(deps.db, plan.businessId);
  if (!account?.chargesEnabled || account.mode !== deps.payments.kind) throw conflict(NOT_TAKING_BOOKINGS);
  const customerId = await customerFor(deps.db, plan.businessId, input);
  const [member] = await deps.db
    .insert(planMembers)
    .values({
      businessId: plan.businessId,
      planId: plan.id,
      customerId,
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      vehicles: input.vehicles,
      provider: deps.payments.kind,
    })
    .returning();
  const page = memberLink(deps, member!.id);
  const billing = deps.payments.memberships;
  if (deps.payments.kind === 'test' || !billing) return { url: page, mode: 'test' as const };
  const amount = memberMonthlyCents(plan.monthlyPriceCents, input.vehicles);
  const fee = applicationFeeCents(amount, await getPlatformFee(deps.db, deps.platformFee));
  const session = await billing.createMembershipCheckout({
    memberId: member!.id,
    planName: plan.name,
    unitCents: plan.monthlyPriceCents,
    quantity: input.vehicles,
    customerEmail: input.email,
    destination: account.accountId,
    // Stripe takes a subscription's fee as a percentage: the same fee as a one-off charge of the month's amount.
    applicationFeePercent: Math.round((fee / amount) * 10_000) / 100,
    successUrl: `${page}?joined=1`,
    cancelUrl: `${page}?cancelled=1`,
  });
  await deps.db
    .update(planMembers)
    .set({ providerSessionId: session.sessionId })
    .where(eq(planMembers.id, member!.id));
  return { url: session.url, mode: 'stripe' as const };
}

async function memberOfToken(deps: Pick<MembershipDeps, 'db' | 'linkSecret'>, token: string) {
  const id = signedTokenId(deps.linkSecret, MEMBER_LINK_PURPOSE, token);
  if (!id) throw notFound(MEMBERSHIP_TEXT.notFound);
  const [m] = await deps.db
    .select()
    .from(planMembers)
    .where(and(eq(planMembers.id, id), businessIsOpen(planMembers.businessId)));
  if (!m) throw notFound(MEMBERSHIP_TEXT.notFound);
  return m;
}

async function memberOf(db: DbOrTx, businessId: string, memberId: string) {
  assertUuid(memberId);
  const [m] = await db
    .select()
    .from(planMembers)
    .where(and(eq(planMembers.businessId, businessId), eq(planMembers.id, memberId)));
  if (!m) throw notFound('This member could not be found');
  return m;
}

/** The member's page: the plan, the state, credits left, the next charge and whether a hold is possible. */
export async function memberPage(deps: MembershipDeps, token: string, now = new Date()) {
  const m = await memberOfToken(deps, token);
  const [row] = await deps.db
    .select({
      plan: maintenancePlans,
      credits: creditBalanceSql(planMembers.id),
      businessName: profiles.businessName,
      timeZone: profiles.timeZone,
    })
    .from(planMembers)
    .innerJoin(
      maintenancePlans,
      and(
        eq(maintenancePlans.businessId, planMembers.businessId),
        eq(maintenancePlans.id, planMembers.planId),
      ),
    )
    .innerJoin(profiles, eq(profiles.id, planMembers.businessId))
    .where(eq(planMembers.id, m.id));
  const retry = m.status === 'past_due' ? await nextRetry(deps.db, m) : null;
  return {
    businessId: m.businessId,
    businessName: row!.businessName ?? 'Detailing business',
    /** The business's zone: the member's dates are the business's days, as on every other screen. */
    timeZone: row!.timeZone,
    plan: planView(row!.plan),
    name: m.name,
    vehicles: m.vehicles,
    status: m.status,
    mode: m.provider,
    monthlyCents: memberMonthlyCents(row!.plan.monthlyPriceCents, m.vehicles),
    credits: row!.credits,
    nextChargeAt:
      m.status === 'active' || m.status === 'on_hold' ? (m.nextChargeAt?.toISOString() ?? null) : null,
    nextRetryAt: retry?.dueAt.toISOString() ?? null,
    holdUntil: m.status === 'on_hold' ? (m.holdUntil?.toISOString() ?? null) : null,
    holdMonthsLeft: holdMonthsLeft(row!.plan, m, now),
    cardDeclining: m.provider === 'test' && m.testCardState === 'declining',
  };
}

const holdMonthsLeft = (
  plan: { holdAllowed: boolean; maxHoldMonths: number },
  m: { holdYear: number | null; holdMonthsUsed: number },
  now: Date,
) =>
  plan.holdAllowed ? plan.maxHoldMonths - (m.holdYear === now.getUTCFullYear() ? m.holdMonthsUsed : 0) : 0;

/** Test mode's payment page: the first month is charged to the test card and the membership starts. */
export async function payTestMembership(deps: MembershipDeps, token: string, now = new Date()) {
  const m = await memberOfToken(deps, token);
  if (m.provider !== 'test') throw conflict('This membership is paid through Stripe');
  if (m.status !== 'pending') return memberPage(deps, token, now);
  await attemptCharge(deps, m.id, now, 0, now);
  return memberPage(deps, token, now);
}

/**
 * A new card (test mode: the test card works again). A past-due membership is retried at once with its next retry;
 * a suspended one starts a new month from today.
 */
export async function updateTestCard(deps: MembershipDeps, token: string, now = new Date()) {
  const m = await memberOfToken(deps, token);
  if (m.provider !== 'test') throw conflict('Update your card on the Stripe page');
  await deps.db.update(planMembers).set({ testCardState: 'ok' }).where(eq(planMembers.id, m.id));
  if (m.status === 'past_due') {
    const retry = await nextRetry(deps.db, m);
    if (retry) await attemptCharge(deps, m.id, m.failedPeriodStart!, retry.attempt, now);
  } else if (m.status === 'suspended') {
    await attemptCharge(deps, m.id, now, 0, now);
  }
  return memberPage(deps, token, now);
}

/**
 * The dunning link's card update with Stripe (decision 1260): Stripe's customer portal opens on "update payment
 * method" for the member's Stripe customer and comes back to the member page; the next retry (day 1, 3 or 7) pays
 * the open invoice with the new card. Test mode uses updateTestCard.
 */
export async function stripeCardUpdate(deps: MembershipDeps, token: string) {
  const m = await memberOfToken(deps, token);
  const billing = deps.payments.memberships;
  if (m.provider !== 'stripe' || !billing) throw conflict('This membership has no Stripe card to update');
  if (!m.providerCustomerId || !m.providerSubscriptionId)
    throw conflict('This membership has not been paid yet: finish joining first');
  return billing.createCardUpdateSession({
    customerId: m.providerCustomerId,
    subscriptionId: m.providerSubscriptionId,
    returnUrl: `${memberLink(deps, m.id)}?card=updated`,
  });
}

/**
 * A hold: nothing is billed and nothing booked for `months`; billing then resumes at the same rate, the next charge
 * moved by the months held. Only while active, within the plan's yearly allowance.
 */
async function hold(deps: MembershipDeps, m: typeof planMembers.$inferSelect, months: number, now: Date) {
  const [plan] = await deps.db.select().from(maintenancePlans).where(eq(maintenancePlans.id, m.planId));
  if (!plan?.holdAllowed) throw conflict(MEMBERSHIP_TEXT.holdNotAllowed);
  if (m.status !== 'active') throw conflict(MEMBERSHIP_TEXT.notActive);
  if (months > holdMonthsLeft(plan, m, now)) throw conflict(MEMBERSHIP_TEXT.holdTooLong);
  const year = now.getUTCFullYear();
  await deps.db
    .update(planMembers)
    .set({
      status: 'on_hold',
      holdUntil: addMonths(now, months),
      nextChargeAt: addMonths(m.nextChargeAt ?? now, months),
      holdYear: year,
      holdMonthsUsed: (m.holdYear === year ? m.holdMonthsUsed : 0) + months,
    })
    .where(and(eq(planMembers.id, m.id), eq(planMembers.status, 'active')));
}

async function cancel(deps: MembershipDeps, m: typeof planMembers.$inferSelect, now: Date) {
  if (m.status === 'cancelled') return;
  if (m.provider === 'stripe' && m.providerSubscriptionId && deps.payments.memberships)
    await deps.payments.memberships.cancelSubscription(m.providerSubscriptionId);
  await deps.db
    .update(planMembers)
    .set({ status: 'cancelled', cancelledAt: now, holdUntil: null })
    .where(eq(planMembers.id, m.id));
}

export async function holdByMember(deps: MembershipDeps, token: string, months: number, now = new Date()) {
  await hold(deps, await memberOfToken(deps, token), months, now);
  return memberPage(deps, token, now);
}
export async function cancelByMember(deps: MembershipDeps, token: string, now = new Date()) {
  await cancel(deps, await memberOfToken(deps, token), now);
  return memberPage(deps, token, now);
}
export async function holdByOwner(deps: MembershipDeps, businessId: string, id: string, months: number) {
  await hold(deps, await memberOf(deps.db, businessId, id), months, new Date());
  return { ok: true };
}
export async function cancelByOwner(deps: MembershipDeps, businessId: string, id: string) {
  await cancel(deps, await memberOf(deps.db, businessId, id), new Date());
  return { ok: true };
}
/** The owner ends a hold early: billing resumes on the next charge date already set. */
export async function resumeByOwner(deps: MembershipDeps, businessId: string, id: string) {
  const m = await memberOf(deps.db, businessId, id);
  if (m.status !== 'on_hold') throw conflict('This membership is not on hold');
  await deps.db
    .update(planMembers)
    .set({ status: 'active', holdUntil: null })
    .where(and(eq(planMembers.id, m.id), eq(planMembers.status, 'on_hold')));
  return { ok: true };
}

/**
 * The member, locked until the transaction ends so that two visits cannot race for one credit, and the credit spent
 * on this booking if one was. 404 when the business has no such member.
 */
async function lockCreditOfBooking(tx: DbOrTx, businessId: string, memberId: string, bookingId: string) {
  const [member] = await tx
    .select()
    .from(planMembers)
    .where(and(eq(planMembers.businessId, businessId), eq(planMembers.id, memberId)))
    .for('update');
  if (!member) throw notFound('This member could not be found');
  const [spent] = await tx
    .select({ id: planCreditEntries.id })
    .from(planCreditEntries)
    .where(
      and(
        eq(planCreditEntries.memberId, memberId),
        eq(planCreditEntries.bookingId, bookingId),
        eq(planCreditEntries.kind, 'spend'),
      ),
    );
  return { member, spent };
}

/**
 * One included visit paid with a credit: under the member's row lock the balance must cover it, and a booking is
 * paid with one credit at most (unique), so two concurrent spends never take the balance below zero nor spend twice.
 */
export async function spendCredit(db: DbOrTx, businessId: string, memberId: string, bookingId: string) {
  await assertOwnedIds(db, bookings, businessId, [bookingId], 'This booking could not be found');
  return db.transaction(async (tx) => {
    assertUuid(memberId);
    const { member: m, spent } = await lockCreditOfBooking(tx, businessId, memberId, bookingId);
    if (!spent) {
      if (m.status !== 'active') throw conflict(MEMBERSHIP_TEXT.notActive);
      const balance = await creditBalance(tx, memberId);
      if (balance < 1) throw conflict(MEMBERSHIP_TEXT.noCredits);
      await tx
        .insert(planCreditEntries)
        .values({ businessId, memberId, kind: 'spend', delta: -1, bookingId });
    }
    return { credits: await creditBalance(tx, memberId) };
  });
}

/** The visit paid with a credit was cancelled: the credit comes back, once. */
export async function returnCredit(db: DbOrTx, businessId: string, memberId: string, bookingId: string) {
  assertUuid(memberId);
  assertUuid(bookingId, 'This booking could not be found');
  return db.transaction(async (tx) => {
    const { spent } = await lockCreditOfBooking(tx, businessId, memberId, bookingId);
    if (!spent) throw notFound('No credit was spent on this booking');
    await tx
      .insert(planCreditEntries)
      .values({ businessId, memberId, kind: 'return', delta: 1, bookingId })
      .onConflictDoNothing();
    return { credits: await creditBalance(tx, memberId) };
  });
}

export async function creditBalance(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${planCreditEntries.delta}), 0)::int` })
    .from(planCreditEntries)
    .where(eq(planCreditEntries.memberId, memberId));
  return row?.n ?? 0;
}
