import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grantRole, updateProfile } from '../../db/factories';
import { addOnPurchases } from '../../db/schema';
import { createStripeTestContext } from '../../test/stripe-context';
import { postStripeWebhook } from '../payouts/payouts.fixtures';

// The §9 add-ons sold through Stripe Billing (docs/decisions/1156), against the local fake Stripe, with signed
// webhooks: Checkout first, the purchase recorded by the webhook only, once.
const SECRET = 'whsec_add_ons_endpoint';
const { t, fake } = await createStripeTestContext({ webhookSecret: SECRET });

const send = (type: string, object: unknown) => {
  const e = fake.signedEvent(type, object, { secret: SECRET });
  return postStripeWebhook(t, e.body, e.signature);
};
const purchasesOf = (businessId: string) =>
  t.db.select().from(addOnPurchases).where(eq(addOnPurchases.businessId, businessId));

async function checkout(cookie: string, json: unknown) {
  const res = await t.request('/api/billing/add-ons/checkout', { method: 'POST', cookie, json });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = await res.json();
  expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  const sessionId = url.split('/').at(-1)!;
  return { sessionId, form: fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.form };
}

describe('add-ons through Stripe Billing', () => {
  it('white-label setup: a $499 one-time Checkout; the paid webhook records it once, replayed or not', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const { sessionId, form } = await checkout(owner.cookie, { addOn: 'white_label_setup' });
    expect(form).toMatchObject({
      mode: 'payment',
      'metadata[business_id]': owner.userId,
      'metadata[add_on]': 'white_label_setup',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '49900',
      success_url: 'http://localhost:3000/billing?add_on=success',
    });
    expect(form['line_items[0][price_data][recurring][interval]']).toBeUndefined();
    // The return page alone records nothing: only Stripe's signed webhook does.
    expect(await purchasesOf(owner.userId)).toEqual([]);
    // Completed but not yet paid (a delayed payment method): nothing either.
    expect((await send('checkout.session.completed', fake.sessions.get(sessionId))).status).toBe(200);
    expect(await purchasesOf(owner.userId)).toEqual([]);

    const paid = fake.markPaid(sessionId);
    expect((await send('checkout.session.completed', paid)).status).toBe(200);
    const replay = await send('checkout.session.completed', paid);
    expect(await replay.json()).toEqual({ received: true, outcome: 'Already recorded' });
    expect(
      (await purchasesOf(owner.userId)).map((p) => [p.addOn, p.status, p.amountCents, p.stripeSessionId]),
    ).toEqual([['white_label_setup', 'ordered', 49900, sessionId]]);
    // Bought: a second Checkout is refused.
    const again = await t.request('/api/billing/add-ons/checkout', {
      method: 'POST',
      cookie: owner.cookie,
      json: { addOn: 'white_label_setup' },
    });
    expect(again.status).toBe(409);
  });

  it('NFC tags: per tag by quantity, one-time; the order and its tag URL are recorded once', async () => {
    const owner = await t.signUp({ plan: 'pro' });
    await updateProfile(t.db, owner.userId, { businessName: 'Tagged Shine' });
    const { sessionId, form } = await checkout(owner.cookie, {
      addOn: 'nfc_tags',
      quantity: 12,
      target: 'booking',
    });
    expect(form).toMatchObject({
      mode: 'payment',
      'metadata[add_on]': 'nfc_tags',
      'metadata[quantity]': '12',
      'metadata[nfc_target]': 'booking',
      'line_items[0][quantity]': '12',
      'line_items[0][price_data][unit_amount]': '500',
    });
    const paid = fake.markPaid(sessionId);
    expect(paid.amount_total).toBe(6000);
    await send('checkout.session.completed', paid);
    await send('checkout.session.async_payment_succeeded', paid);
    const [order, ...more] = await purchasesOf(owner.userId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ addOn: 'nfc_tags', status: 'ordered', quantity: 12, amountCents: 6000 });
    expect(order!.tagUrl).toBe(form['metadata[tag_url]']);
    expect(order!.tagUrl).toMatch(/^http:\/\/localhost:3000\/book\//);
  });

  it('CRM booster: a $9.99/month subscription Checkout; recorded once; Cancel asks Stripe, the webhook sets the end', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const { sessionId, form } = await checkout(owner.cookie, { addOn: 'crm_booster' });
    expect(form).toMatchObject({
      mode: 'subscription',
      'metadata[add_on]': 'crm_booster',
      'subscription_data[metadata][add_on]': 'crm_booster',
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
    const { session, subscription } = fake.completeSubscription(sessionId);
    // The booster's subscription event before the session's: nothing to apply yet, and the plan is untouched.
    expect(await (await send('customer.subscription.created', subscription)).json()).toEqual({
      received: true,
      outcome: 'Unknown add-on subscription',
    });
    await send('checkout.session.completed', session);
    await send('checkout.session.completed', session);
    const [booster, ...more] = await purchasesOf(owner.userId);
    expect(more).toEqual([]);
    expect(booster).toMatchObject({
      addOn: 'crm_booster',
      status: 'active',
      stripeSubscriptionId: subscription.id,
    });
    const billing = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(billing).toMatchObject({ plan: 'starter', subscriptionActive: true });
    expect((await t.request('/api/customers/export.csv', { cookie: owner.cookie })).status).toBe(200);

    const cancel = await t.request(`/api/billing/add-ons/${booster!.id}/cancel`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ viaStripe: true, purchase: { endsAt: null } });
    expect(fake.requests.findLast((r) => r.path === `/v1/subscriptions/${subscription.id}`)!.form).toEqual({
      cancel_at_period_end: 'true',
    });
    // Stripe's word: cancelled at the end of the period → it runs until then.
    const updated = fake.subscriptions.get(subscription.id)!;
    expect(updated.cancel_at_period_end).toBe(true);
    await send('customer.subscription.updated', updated);
    const periodEnd = new Date(updated.items.data[0]!.current_period_end * 1000);
    expect((await purchasesOf(owner.userId))[0]).toMatchObject({ status: 'active', endsAt: periodEnd });
    // The period ends: Stripe deletes the subscription, the pack is cancelled and the export closes.
    await send('customer.subscription.deleted', { ...updated, status: 'canceled' });
    expect((await purchasesOf(owner.userId))[0]).toMatchObject({ status: 'cancelled', endsAt: periodEnd });
    expect((await t.request('/api/customers/export.csv', { cookie: owner.cookie })).status).toBe(402);
  });

  it('refuses technicians (403), the direct test-mode purchase (409), and another business’s booster (404)', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    const asTech = await t.request('/api/billing/add-ons/checkout', {
      method: 'POST',
      cookie: tech.cookie,
      json: { addOn: 'crm_booster' },
    });
    expect(asTech.status).toBe(403);
    const direct = await t.request('/api/billing/add-ons', {
      method: 'POST',
      cookie: owner.cookie,
      json: { addOn: 'crm_booster' },
    });
    expect(direct.status).toBe(409);
    expect((await direct.json()).error.message).toBe(
      'Add-ons go through Stripe Checkout: use the buttons on the Billing page',
    );

    const { sessionId } = await checkout(owner.cookie, { addOn: 'crm_booster' });
    await send('checkout.session.completed', fake.completeSubscription(sessionId).session);
    const [booster] = await purchasesOf(owner.userId);
    const other = await t.signUp({ plan: 'starter' });
    const path = `/api/billing/add-ons/${booster!.id}/cancel`;
    expect((await t.request(path, { method: 'POST', cookie: other.cookie })).status).toBe(404);
    expect((await t.request(path, { method: 'POST', cookie: tech.cookie })).status).toBe(403);
    expect(
      (await t.request('/api/billing/add-ons/not-an-id/cancel', { method: 'POST', cookie: owner.cookie }))
        .status,
    ).toBe(404);
    expect((await purchasesOf(owner.userId))[0]!.endsAt).toBeNull();
  });
});
