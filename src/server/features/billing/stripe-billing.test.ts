import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grantRole } from '../../db/factories';
import { billingSubscriptions, profiles } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { createStripeTestContext } from '../../test/stripe-context';
import { postStripeWebhook } from '../payouts/payouts.fixtures';

// Stripe Billing for plan changes (docs/decisions/0832) against the local fake Stripe, with signed webhooks.
const SECRET = 'whsec_billing_endpoint';
const { t, fake } = await createStripeTestContext({ webhookSecret: SECRET });

const planOf = async (businessId: string) =>
  (
    await t.db
      .select({ plan: profiles.subscriptionTier, active: profiles.subscriptionActive })
      .from(profiles)
      .where(eq(profiles.id, businessId))
  )[0]!;

const send = (type: string, object: unknown, secret = SECRET) => {
  const e = fake.signedEvent(type, object, { secret });
  return postStripeWebhook(t, e.body, e.signature);
};

/** Owner on Starter → Checkout for `plan` → the customer pays on Stripe → the signed checkout.session.completed. */
async function subscribe(owner: { userId: string; cookie: string }, plan: 'pro' | 'elite') {
  const res = await t.request('/api/billing/checkout', {
    method: 'POST',
    cookie: owner.cookie,
    json: { plan },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = await res.json();
  const sessionId = url.split('/').at(-1)!;
  const { session, subscription } = fake.completeSubscription(sessionId);
  expect((await send('checkout.session.completed', session)).status).toBe(200);
  return { session, subscription, url };
}

describe('Stripe Billing plan changes', () => {
  it('starts a subscription Checkout for the plan; the signed completion changes the plan and stores the customer', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const { url, subscription } = await subscribe(owner, 'elite');
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const request = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.form).toMatchObject({
      mode: 'subscription',
      'metadata[business_id]': owner.userId,
      'metadata[plan]': 'elite',
      'subscription_data[metadata][plan]': 'elite',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][recurring][interval]': 'month',
      success_url: 'http://localhost:3000/billing?checkout=success',
    });
    expect(await planOf(owner.userId)).toEqual({ plan: 'elite', active: true });
    const [row] = await t.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.businessId, owner.userId));
    expect(row).toMatchObject({
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
      status: 'active',
    });
    const billing = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(billing).toMatchObject({ mode: 'stripe', plan: 'elite', subscriptionActive: true });
  });

  it('opens the customer portal for the stored customer', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const none = await t.request('/api/billing/portal', { method: 'POST', cookie: owner.cookie });
    expect(none.status).toBe(409);
    const { subscription } = await subscribe(owner, 'pro');
    const res = await t.request('/api/billing/portal', { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')!.form).toMatchObject({
      customer: subscription.customer,
      return_url: 'http://localhost:3000/billing',
    });
  });

  it('follows customer.subscription.created/updated/deleted: plan changes, past_due lapses, deleted ends it', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const { subscription } = await subscribe(owner, 'pro');
    expect((await send('customer.subscription.created', subscription)).status).toBe(200);
    expect(await planOf(owner.userId)).toEqual({ plan: 'pro', active: true });

    expect(
      (
        await send('customer.subscription.updated', {
          ...subscription,
          metadata: { ...subscription.metadata, plan: 'elite' },
        })
      ).status,
    ).toBe(200);
    expect(await planOf(owner.userId)).toEqual({ plan: 'elite', active: true });

    expect(
      (
        await send('customer.subscription.updated', {
          ...subscription,
          status: 'past_due',
          metadata: { ...subscription.metadata, plan: 'elite' },
        })
      ).status,
    ).toBe(200);
    expect(await planOf(owner.userId)).toEqual({ plan: 'elite', active: false });
    const billing = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(billing.state).toBe('lapsed');
    // Reads still work while lapsed.
    expect((await t.request('/api/inventory', { cookie: owner.cookie })).status).toBe(200);

    expect(
      (
        await send('customer.subscription.updated', {
          ...subscription,
          status: 'active',
          metadata: { ...subscription.metadata, plan: 'elite' },
        })
      ).status,
    ).toBe(200);
    expect(await planOf(owner.userId)).toEqual({ plan: 'elite', active: true });

    // Found by its subscription id even without metadata; deleted → no longer active.
    expect((await send('customer.subscription.deleted', { ...subscription, metadata: {} })).status).toBe(200);
    expect(await planOf(owner.userId)).toEqual({ plan: 'elite', active: false });
  });

  it('refuses a webhook with a bad or missing signature (400) and changes nothing', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const sub = {
      id: 'sub_forged',
      object: 'subscription',
      customer: 'cus_forged',
      status: 'active',
      metadata: { business_id: owner.userId, plan: 'elite' },
    };
    expect((await send('customer.subscription.updated', sub, 'whsec_wrong')).status).toBe(400);
    const e = fake.signedEvent('customer.subscription.updated', sub, { secret: SECRET });
    expect((await postStripeWebhook(t, e.body)).status).toBe(400);
    expect((await postStripeWebhook(t, e.body.replace('elite', 'franchise'), e.signature)).status).toBe(400);
    expect(await planOf(owner.userId)).toEqual({ plan: 'starter', active: true });
  });

  it('keeps the plan when a downgrade exceeds the seats, but records the subscription state', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const { subscription } = await subscribe(owner, 'pro');
    for (let i = 0; i < 2; i++) {
      const tech = await t.signUp();
      await grantRole(t.db, tech.userId, 'technician', owner.userId);
    }
    const res = await send('customer.subscription.updated', {
      ...subscription,
      metadata: { ...subscription.metadata, plan: 'starter' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).outcome).toContain('The Starter plan includes 1 user');
    expect(await planOf(owner.userId)).toEqual({ plan: 'pro', active: true });
  });

  it('with Stripe, a direct plan change is refused (409), Franchise has no price, and technicians cannot start a checkout', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const direct = await t.request('/api/billing/plan', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { plan: 'pro' },
    });
    expect(direct.status).toBe(409);
    const franchise = await t.request('/api/billing/checkout', {
      method: 'POST',
      cookie: owner.cookie,
      json: { plan: 'franchise' },
    });
    expect(franchise.status).toBe(409);
    expect(
      (
        await t.request('/api/billing/checkout', {
          method: 'POST',
          cookie: owner.cookie,
          json: { plan: 'gold' },
        })
      ).status,
    ).toBe(400);
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    expect(
      (
        await t.request('/api/billing/checkout', {
          method: 'POST',
          cookie: tech.cookie,
          json: { plan: 'pro' },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('/api/billing/checkout', { method: 'POST', json: { plan: 'pro' } })).status).toBe(
      401,
    );
  });

  it('ignores an event older than the last one applied', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const { subscription } = await subscribe(owner, 'pro');
    const stale = fake.signedEvent(
      'customer.subscription.updated',
      { ...subscription, status: 'canceled' },
      { secret: SECRET },
    );
    const old = JSON.parse(stale.body);
    old.created -= 3600;
    const body = JSON.stringify(old);
    const { default: Stripe } = await import('stripe');
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    const res = await postStripeWebhook(t, body, signature);
    expect((await res.json()).outcome).toBe('Older event ignored');
    expect(await planOf(owner.userId)).toEqual({ plan: 'pro', active: true });
  });
});

describe('without Stripe', () => {
  it('answers 409 for checkout and portal (test mode changes the plan at once)', async () => {
    const plain = await createTestContext();
    const owner = await plain.signUp({ plan: 'starter' });
    expect(
      (
        await plain.request('/api/billing/checkout', {
          method: 'POST',
          cookie: owner.cookie,
          json: { plan: 'pro' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await plain.request('/api/billing/portal', { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(409);
    expect(
      (
        await plain.request('/api/billing/plan', {
          method: 'PUT',
          cookie: owner.cookie,
          json: { plan: 'pro' },
        })
      ).status,
    ).toBe(200);
  });
});
