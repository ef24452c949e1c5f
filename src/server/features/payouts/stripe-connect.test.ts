import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEAD_SERVICES } from '../../../shared/booking.schemas';
import { paymentAccounts, payouts } from '../../db/schema';
import { createStripeTestContext } from '../../test/stripe-context';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';
import { ledgerTotals } from './ledger.service';
import { onboardOnFakeStripe, postStripeWebhook } from './payouts.fixtures';

// The Stripe Connect adapter against a local fake Stripe: onboarding, destination charges, refunds, payouts,
// signed webhooks (the platform's and the Connect endpoint's secrets). Default fee: 5% + 30¢.
const SECRET = 'whsec_platform_endpoint';
const CONNECT_SECRET = 'whsec_connect_endpoint';
const { t, fake } = await createStripeTestContext({
  webhookSecret: SECRET,
  connectWebhookSecret: CONNECT_SECRET,
});

async function newBusiness() {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  return { owner, service: service! };
}

async function bookAndPay(owner: { userId: string }, serviceId: string, time = '10:00') {
  const res = await t.request('/api/booking/create-payment', {
    method: 'POST',
    json: bookingForm({ businessId: owner.userId, serviceId, vehicleType: 'suv', time }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  fake.markPaid(sessionId);
  const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
  expect(done.status).toBe(200);
  return { sessionId, bookingId: (await done.json()).booking.id as string };
}

const accountOf = async (businessId: string) =>
  (await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.businessId, businessId)))[0];

describe('Stripe Connect onboarding', () => {
  it('creates one Express account and a fresh onboarding link, with idempotency keys', async () => {
    const { owner } = await newBusiness();
    const res = await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    const created = fake.requests.filter(
      (r) => r.path === '/v1/accounts' && r.form['metadata[business_id]'] === owner.userId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.form).toMatchObject({
      type: 'express',
      'capabilities[transfers][requested]': 'true',
      'capabilities[card_payments][requested]': 'true',
      email: 'hello@test-detailing.test',
    });
    expect(created[0]!.idempotencyKey).toBe(`account-${owner.userId}`);
    const account = (await accountOf(owner.userId))!;
    expect(body).toMatchObject({
      mode: 'stripe',
      onboardingUrl: expect.stringContaining(`/setup/e/${account.accountId}/`),
      account: {
        provider: 'stripe',
        mode: 'stripe',
        detailsSubmitted: false,
        chargesEnabled: false,
        canTakeCharges: false,
      },
    });
    const link = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    expect(link.form).toMatchObject({
      account: account.accountId,
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/payouts?onboarding=done',
      refresh_url: 'http://localhost:3000/payouts?onboarding=expired',
    });
    expect(link.idempotencyKey).toMatch(new RegExp(`^account-link-${account.accountId}-`));

    // Coming back later: the same account, a new link.
    const again = await (
      await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie })
    ).json();
    expect(again.onboardingUrl).not.toBe(body.onboardingUrl);
    expect([...fake.accounts.values()].filter((a) => a.metadata.business_id === owner.userId)).toHaveLength(
      1,
    );
  });

  it('is not bookable until a signed account.updated says charges are enabled', async () => {
    const { owner, service } = await newBusiness();
    await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie });
    const form = bookingForm({ businessId: owner.userId, serviceId: service.id });
    const refused = await t.request('/api/booking/create-payment', { method: 'POST', json: form });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('This business is not taking online bookings yet');
    const options = await (await t.request(`/api/booking/options?business=${owner.userId}`)).json();
    expect(options.business.acceptsOnlineBookings).toBe(false);
    const dashboard = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(dashboard.checklist.paymentsConfigured).toBe(false);
    const status = await (await t.request('/api/payouts/account', { cookie: owner.cookie })).json();
    expect(status.reason).toContain('Stripe needs your business and bank details');

    const { accountId } = (await accountOf(owner.userId))!;
    const finished = fake.completeOnboarding(accountId);
    // A forged update (wrong secret) changes nothing.
    const forged = fake.signedEvent('account.updated', finished, {
      secret: 'whsec_attacker',
      account: accountId,
    });
    expect((await postStripeWebhook(t, forged.body, forged.signature)).status).toBe(400);
    expect((await accountOf(owner.userId))!.chargesEnabled).toBe(false);
    // The real one, from the Connect endpoint.
    const event = fake.signedEvent('account.updated', finished, {
      secret: CONNECT_SECRET,
      account: accountId,
    });
    expect((await postStripeWebhook(t, event.body, event.signature)).status).toBe(200);
    expect(await accountOf(owner.userId)).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    expect((await t.request('/api/booking/create-payment', { method: 'POST', json: form })).status).toBe(200);
    const after = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(after.checklist.paymentsConfigured).toBe(true);

    // Stripe disables charges later (e.g. a verification past due): not bookable again, and the owner sees why.
    const disabled = fake.completeOnboarding(accountId, { charges_enabled: false });
    disabled.requirements.disabled_reason = 'requirements.past_due';
    const off = fake.signedEvent('account.updated', disabled, { secret: SECRET, account: accountId });
    await postStripeWebhook(t, off.body, off.signature);
    expect((await t.request('/api/booking/create-payment', { method: 'POST', json: form })).status).toBe(409);
    const why = await (await t.request('/api/payouts/account', { cookie: owner.cookie })).json();
    expect(why).toMatchObject({
      canTakeCharges: false,
      reason: expect.stringContaining('requirements.past_due'),
    });
  });

  it('re-reads the account from Stripe when onboarding returns (refresh)', async () => {
    const { owner } = await newBusiness();
    await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie });
    fake.completeOnboarding((await accountOf(owner.userId))!.accountId);
    const res = await t.request('/api/payouts/account/refresh', { method: 'POST', cookie: owner.cookie });
    expect(await res.json()).toMatchObject({ chargesEnabled: true, canTakeCharges: true });
  });

  it('refuses test mode when Stripe is configured', async () => {
    const { owner } = await newBusiness();
    const res = await t.request('/api/payouts/test-payout', { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(409);
  });
});

describe('destination charges and refunds', () => {
  it('pays the business the charge minus the fee, and a refund reverses exactly', async () => {
    const { owner, service } = await newBusiness();
    const accountId = await onboardOnFakeStripe(t, fake, owner, SECRET);
    const { sessionId, bookingId } = await bookAndPay(owner, service.id);
    const create = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    // $120 × 1.2 (SUV) = $144.00; fee 5% + 30¢ = $7.50.
    expect(create.form).toMatchObject({
      'payment_intent_data[application_fee_amount]': '750',
      'payment_intent_data[transfer_data][destination]': accountId,
      'payment_intent_data[metadata][document_type]': 'booking',
      'line_items[0][price_data][unit_amount]': '14400',
    });
    expect(create.idempotencyKey).toMatch(/^checkout-/);
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({
      charge: 14400,
      fee: -750,
      tip: 0,
      balance: 13650,
    });
    expect(fake.transferredTo(accountId)).toBe(13650);

    const cancel = await t.request(`/api/bookings/${bookingId}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    const refund = fake.refunds.find((r) => r.payment_intent === `pi_fake_${sessionId}`)!;
    expect(refund).toMatchObject({ amount: 14400, reverse_transfer: true, refund_application_fee: true });
    const refundRequest = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refundRequest.idempotencyKey).toBe(`refund-${sessionId}`);
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({
      refund: -14400,
      fee_refund: 750,
      balance: 0,
    });
    expect(fake.transferredTo(accountId)).toBe(0);
  });

  it('leaves platform leads on the platform: no destination, no fee, no ledger', async () => {
    const res = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: null, serviceId: LEAD_SERVICES[0]!.id, zip: '99999' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const create = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(create.form['payment_intent_data[transfer_data][destination]']).toBeUndefined();
    expect(create.form['payment_intent_data[application_fee_amount]']).toBeUndefined();
  });
});

describe('payout webhooks', () => {
  it('follows a payout from created to paid, moving the balance once', async () => {
    const { owner, service } = await newBusiness();
    const accountId = await onboardOnFakeStripe(t, fake, owner, SECRET);
    await bookAndPay(owner, service.id);
    const payout = {
      id: 'po_fake_1',
      object: 'payout',
      amount: 13650,
      status: 'pending',
      arrival_date: 1_900_000_000,
    };
    const created = fake.signedEvent('payout.created', payout, {
      secret: CONNECT_SECRET,
      account: accountId,
    });
    expect((await postStripeWebhook(t, created.body, created.signature)).status).toBe(200);
    expect((await postStripeWebhook(t, created.body, created.signature)).status).toBe(200);
    let overview = await (await t.request('/api/payouts', { cookie: owner.cookie })).json();
    expect(overview.upcoming).toEqual([
      expect.objectContaining({ amountCents: 13650, status: 'pending', arrivalDate: '2030-03-17' }),
    ]);
    expect(overview.balanceCents).toBe(0);

    const paid = fake.signedEvent(
      'payout.paid',
      { ...payout, status: 'paid' },
      { secret: CONNECT_SECRET, account: accountId },
    );
    await postStripeWebhook(t, paid.body, paid.signature);
    // A late, re-delivered payout.created does not move it back.
    await postStripeWebhook(t, created.body, created.signature);
    overview = await (await t.request('/api/payouts', { cookie: owner.cookie })).json();
    expect(overview.upcoming).toEqual([]);
    expect(overview.past).toEqual([expect.objectContaining({ amountCents: 13650, status: 'paid' })]);
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({ payout: -13650, balance: 0 });
  });

  it('returns a failed payout to the balance', async () => {
    const { owner, service } = await newBusiness();
    const accountId = await onboardOnFakeStripe(t, fake, owner, SECRET);
    await bookAndPay(owner, service.id);
    const failed = fake.signedEvent(
      'payout.failed',
      { id: 'po_fake_2', object: 'payout', amount: 13650, status: 'failed', arrival_date: 1_900_000_000 },
      { secret: CONNECT_SECRET, account: accountId },
    );
    await postStripeWebhook(t, failed.body, failed.signature);
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({
      payout: -13650,
      payout_failed: 13650,
      balance: 13650,
    });
  });

  it('changes nothing for a payout webhook with a bad signature or an unknown account', async () => {
    const { owner } = await newBusiness();
    const accountId = await onboardOnFakeStripe(t, fake, owner, SECRET);
    const payout = {
      id: 'po_fake_3',
      object: 'payout',
      amount: 500,
      status: 'paid',
      arrival_date: 1_900_000_000,
    };
    const forged = fake.signedEvent('payout.paid', payout, { secret: 'whsec_wrong', account: accountId });
    expect((await postStripeWebhook(t, forged.body, forged.signature)).status).toBe(400);
    expect((await postStripeWebhook(t, forged.body)).status).toBe(400);
    const stranger = fake.signedEvent('payout.paid', payout, { secret: SECRET, account: 'acct_not_ours' });
    const res = await postStripeWebhook(t, stranger.body, stranger.signature);
    expect(await res.json()).toEqual({ received: true, outcome: 'Unknown connected account' });
    expect(await t.db.select().from(payouts).where(eq(payouts.providerPayoutId, 'po_fake_3'))).toHaveLength(
      0,
    );
    expect((await ledgerTotals(t.db, owner.userId)).balance).toBe(0);
  });

  it('sends an idempotency key with every POST to Stripe', () => {
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(10);
    expect(posts.filter((r) => !r.idempotencyKey)).toEqual([]);
  });
});
