import { and, eq } from 'drizzle-orm';
import type { PaymentWebhookEvent } from '../../providers/payments/payments';
import { applyPaidPeriod, attemptFailedNotice, type MembershipDeps } from './membership-billing.service';
import { planCharges, planMembers } from './memberships.schema';

type MembershipEvent = Extract<PaymentWebhookEvent, { type: `membership.${string}` }>;

export const isMembershipEvent = (e: PaymentWebhookEvent): e is MembershipEvent =>
  e.type.startsWith('membership.');

/**
 * Stripe's signed events of a maintenance plan (decision 1225): the Checkout completed (the membership starts), an
 * invoice paid (the month is paid, credits granted once) or failed (the dunning starts: our queue retries on days 1,
 * 3 and 7), the subscription ended. An unknown membership is ignored: not ours.
 */
export async function handleMembershipEvent(deps: MembershipDeps, event: MembershipEvent) {
  const [member] = await deps.db.select().from(planMembers).where(eq(planMembers.id, event.memberId));
  if (!member) return { received: true, ignored: 'unknown membership' };
  if (member.provider !== 'stripe') return { received: true, ignored: 'a test-mode membership' };
  if (event.type === 'membership.checkout.completed') {
    await deps.db
      .update(planMembers)
      .set({
        providerCustomerId: event.customerId,
        providerSubscriptionId: event.subscriptionId,
        ...(member.status === 'pending' && { status: 'active' as const, startedAt: new Date() }),
      })
      .where(eq(planMembers.id, member.id));
    return { received: true };
  }
  if (event.type === 'membership.subscription.updated') {
    if (event.status === 'canceled' && member.status !== 'cancelled')
      await deps.db
        .update(planMembers)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(planMembers.id, member.id));
    return { received: true };
  }
  const periodStart = new Date(event.periodStart * 1000);
  const [first] = await deps.db
    .insert(planCharges)
    .values({
      businessId: member.businessId,
      memberId: member.id,
      periodStart,
      attempt: 0,
      amountCents: 0,
      status: event.paid ? 'paid' : 'failed',
      providerReference: event.invoiceId,
    })
    .onConflictDoNothing()
    .returning({ id: planCharges.id });
  if (event.paid) {
    // A retry's payment (or Stripe's own) marks the month paid whichever attempt asked for it.
    await deps.db
      .update(planCharges)
      .set({ status: 'paid' })
      .where(
        and(
          eq(planCharges.memberId, member.id),
          eq(planCharges.periodStart, periodStart),
          eq(planCharges.attempt, 0),
        ),
      );
    await applyPaidPeriod(deps.db, member.id, periodStart);
    return { received: true };
  }
  if (first && member.status !== 'cancelled') {
    await attemptFailedNotice(deps, member.id, periodStart, new Date());
  }
  return { received: true };
}
