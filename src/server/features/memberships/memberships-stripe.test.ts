import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messageSends, planCharges, planMembers } from '../../db/schema';
import { signedTokenId } from '../../http/tokens';
import { createStripePaymentProvider } from '../../providers/payments/stripe';
import { startFakeStripe } from '../../test/fake-stripe';
import { createTestContext } from '../../test/harness';
import { tenantSnapshot } from '../../test/tenants';
import { bookableBusiness } from '../bookings/book/booking.fixtures';
import { onboardOnFakeStripe, postStripeWebhook } from '../payouts/payouts.fixtures';
import { runMembershipBilling } from './membership-billing.service';

// Maintenance plans through Stripe Billing (decision 1225), against the local fake Stripe: the subscription is made on
// the business's connected account with the platform's fee, its signed events drive the membership, our queue
// retries a failed invoice, and an event with a wrong signature changes nothing.

const fake = await startFakeStripe();
afterAll(() => fake.close());
const SECRET = 'whsec_memberships_fake';
const t = await createTestContext({
  payments: () =>
    createStripePaymentProvider({
      secretKey: 'sk_test_members',
      webhookSecret: SECRET,
      apiBase: fake.apiBase,
    }),
});
const DAY = 86_400_000;

async function joinedOnStripe() {
  const owner = await t.signUp();
  await bookableBusiness(t.db, owner.userId);
  const accountId = await onboardOnFakeStripe(t, fake, owner, SECRET);
  const plan = await (
    await t.request('/api/memberships/plans', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        name: 'Monthly Maintenance',
        monthlyPriceCents: 7900,
        includedCredits: 1,
        creditPeriod: 'month',
        discountPercent: 10,
        holdAllowed: false,
        maxHoldMonths: 0,
        vehicleTypes: ['sedan'],
      },
    })
  ).json();
  const res = await t.request('/api/public/memberships/join', {
    method: 'POST',
    json: { planId: plan.id, name: 'Riley Stripe', email: 'riley@example.com', phone: '', vehicles: 2 },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url, mode } = await res.json();
  expect(mode).toBe('stripe');
  const sessionId = url.split('/c/pay/')[1] as string;
  const [member] = await t.db.select().from(planMembers).where(eq(planMembers.providerSessionId, sessionId));
  return { owner, accountId, sessionId, member: member!, plan };
}

const send = async (type: string, object: unknown, secret = SECRET) => {
  const e = fake.signedEvent(type, object, { secret });
  return postStripeWebhook(t, e.body, e.signature);
};
const invoice = (id: string, memberId: string, periodStart: number) => ({
  id,
  object: 'invoice',
  parent: { subscription_details: { metadata: { membership_id: memberId } } },
  lines: { data: [{ period: { start: periodStart, end: periodStart + 30 * 86_400 } }] },
  period_start: periodStart,
});
const memberRow = async (id: string) =>
  (await t.db.select().from(planMembers).where(eq(planMembers.id, id)))[0]!;

describe('maintenance plans on Stripe Billing (fake Stripe)', () => {
  it('joins through a subscription Checkout on the connected account with the platform fee', async () => {
    const { accountId, sessionId, member } = await joinedOnStripe();
    const create = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form['metadata[membership_id]'] === member.id,
    )!;
    expect(create.form).toMatchObject({
      mode: 'subscription',
      customer_email: 'riley@example.com',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '7900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[transfer_data][destination]': accountId,
      // 5% + 30¢ of $158.00 = $8.20, i.e. 5.19% of each invoice.
      'subscription_data[application_fee_percent]': '5.19',
      'subscription_data[metadata][membership_id]': member.id,
    });
    expect(create.form['metadata[business_id]']).toBeUndefined();
    expect(create.idempotencyKey).toBe(`membership-checkout-${member.id}`);

    const { session, subscription } = fake.completeSubscription(sessionId);
    expect((await send('checkout.session.completed', session)).status).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({
      status: 'active',
      providerSubscriptionId: subscription.id,
    });
    const start = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 2; i++)
      expect((await send('invoice.paid', invoice('in_1', member.id, start))).status).toBe(200);
    const charges = await t.db.select().from(planCharges).where(eq(planCharges.memberId, member.id));
    expect(charges.map((c) => c.status)).toEqual(['paid']);
  });

  it('a webhook with a wrong signature changes nothing', async () => {
    const { sessionId, member } = await joinedOnStripe();
    const { session } = fake.completeSubscription(sessionId);
    const before = await tenantSnapshot(t.db, member.businessId);
    for (const [type, object] of [
      ['checkout.session.completed', session],
      ['invoice.paid', invoice('in_forged', member.id, Math.floor(Date.now() / 1000))],
      [
        'customer.subscription.deleted',
        { id: 'sub_x', object: 'subscription', status: 'canceled', metadata: { membership_id: member.id } },
      ],
    ] as const) {
      const res = await send(type, object, 'whsec_someone_else');
      expect(res.status).toBe(400);
    }
    expect(await tenantSnapshot(t.db, member.businessId)).toBe(before);
    expect((await memberRow(member.id)).status).toBe('pending');
  });

  it('a failed invoice is retried by our queue on days 1 and 3 with one key each, then the month is paid', async () => {
    const { sessionId, member } = await joinedOnStripe();
    const { session } = fake.completeSubscription(sessionId);
    await send('checkout.session.completed', session);
    const period = Math.floor(Date.now() / 1000);
    await send('invoice.payment_failed', invoice('in_fail', member.id, period));
    await send('invoice.payment_failed', invoice('in_fail', member.id, period));
    const failed = await memberRow(member.id);
    expect(failed.status).toBe('past_due');
    const notices = await t.db.select().from(messageSends).where(eq(messageSends.to, 'riley@example.com'));
    expect(notices).toHaveLength(1);

    fake.invoicePayResults.set('in_fail', false);
    await runMembershipBilling(t.deps, new Date(failed.failedAt!.getTime() + DAY + 1000));
    await runMembershipBilling(t.deps, new Date(failed.failedAt!.getTime() + DAY + 2000));
    fake.invoicePayResults.set('in_fail', true);
    await runMembershipBilling(t.deps, new Date(failed.failedAt!.getTime() + 3 * DAY + 1000));
    const pays = fake.requests.filter((r) => r.path === '/v1/invoices/in_fail/pay');
    expect(pays.map((p) => p.idempotencyKey)).toEqual([
      `membership-retry-${member.id}-1-in_fail`,
      `membership-retry-${member.id}-2-in_fail`,
    ]);
    expect((await memberRow(member.id)).status).toBe('active');

    // The member cancels: the subscription ends at Stripe.
    const token = (await import('./membership-messages'))
      .memberLink(t.deps, member.id)
      .split('/membership/')[1]!;
    expect(signedTokenId(t.deps.linkSecret, 'membership', token)).toBe(member.id);
    const res = await t.request(`/api/public/memberships/member/${token}/cancel`, { method: 'POST' });
    expect((await res.json()).status).toBe('cancelled');
    const sub = (await memberRow(member.id)).providerSubscriptionId!;
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${sub}`)).toBe(
      true,
    );
  });

  it('the dunning link’s card update opens Stripe’s portal on the member’s customer and comes back to the member page', async () => {
    const { sessionId, member } = await joinedOnStripe();
    const { session } = fake.completeSubscription(sessionId);
    await send('checkout.session.completed', session);
    await send('invoice.payment_failed', invoice('in_card', member.id, Math.floor(Date.now() / 1000)));
    const notice = (await t.db.select().from(messageSends).where(eq(messageSends.kind, 'membership'))).find(
      (n) => n.dedupeKey.startsWith(`membership:${member.id}:`) && n.channel === 'email',
    );
    const link = /\/membership\/([^#"\s<]+)#card/.exec(`${notice!.html ?? ''} ${notice!.body}`);
    expect(link, 'the email carries the card-update link').not.toBeNull();
    const token = link![1]!;
    const res = await t.request(`/api/public/memberships/member/${token}/card-session`, { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const row = await memberRow(member.id);
    const portal = fake.requests.find(
      (r) => r.path === '/v1/billing_portal/sessions' && r.form.customer === row.providerCustomerId,
    )!;
    expect(portal.form).toMatchObject({
      'flow_data[type]': 'payment_method_update',
      return_url: expect.stringContaining(`/membership/${token}?card=updated`),
    });
    // A forged link is 404.
    const forged = await t.request('/api/public/memberships/member/forged/card-session', { method: 'POST' });
    expect(forged.status).toBe(404);
  });
});
