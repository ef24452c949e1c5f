import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, checkoutSessions } from '../../db/schema';
import { bookableBusiness, bookingForm } from '../../features/bookings/book/booking.fixtures';
import { onboardOnFakeStripe } from '../../features/payouts/payouts.fixtures';
import { startFakeStripe } from '../../test/fake-stripe';
import { createTestContext } from '../../test/harness';
import { createStripePaymentProvider } from './stripe';

const fake = await startFakeStripe();
afterAll(() => fake.close());
const WEBHOOK_SECRET = 'whsec_test_secret_for_fake_stripe';
const t = await createTestContext({
  payments: () =>
    createStripePaymentProvider({
      secretKey: 'sk_test_fake_123',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.apiBase,
    }),
});

async function startCheckout(overrides: Record<string, unknown> = {}) {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  await onboardOnFakeStripe(t, fake, owner, WEBHOOK_SECRET);
  const res = await t.request('/api/booking/create-payment', {
    method: 'POST',
    json: bookingForm({
      businessId: owner.userId,
      serviceId: service!.id,
      vehicleType: 'suv',
      totalPrice: 5,
      ...overrides,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return {
    owner,
    service: service!,
    body: (await res.json()) as { url: string; sessionId: string; amountCents: number },
  };
}

function signedEvent(payload: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

const completedEvent = (sessionId: string) => ({
  id: `evt_${sessionId}`,
  object: 'event',
  type: 'checkout.session.completed',
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
});

const postWebhook = (body: string, signature?: string) =>
  t.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });

describe('the Stripe Checkout adapter (against a local fake Stripe)', () => {
  it('creates a Checkout Session with the server price and returns its URL', async () => {
    const { body } = await startCheckout();
    expect(body.url).toBe(`https://checkout.stripe.test/c/pay/${body.sessionId}`);
    expect(body.amountCents).toBe(14400);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(create.authorization).toBe('Bearer sk_test_fake_123');
    expect(create.idempotencyKey).toMatch(/^checkout-/);
    expect(create.form).toMatchObject({
      mode: 'payment',
      customer_email: 'casey@example.com',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '14400',
      'line_items[0][price_data][product_data][name]': 'Premium Detail — Test Detailing Co',
      success_url: 'http://localhost:3000/booking-success?session_id={CHECKOUT_SESSION_ID}',
    });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, body.sessionId));
    expect(row).toMatchObject({ provider: 'stripe', amountCents: 14400, status: 'open' });
    expect(create.form['metadata[checkout_id]']).toBe(row!.id);
  });

  it('retrieves the session: unpaid is not booked, paid is booked once', async () => {
    const { body } = await startCheckout();
    const complete = () =>
      t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId: body.sessionId } });
    const unpaid = await complete();
    expect(unpaid.status).toBe(400);
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${body.sessionId}`),
    ).toBe(true);

    fake.markPaid(body.sessionId);
    const paid = await complete();
    expect(paid.status).toBe(200);
    const booking = (await paid.json()).booking;
    expect(booking).toMatchObject({ priceCents: 14400, status: 'pending' });
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, body.sessionId));
    expect(row).toMatchObject({
      status: 'completed',
      paymentReference: `pi_fake_${body.sessionId}`,
      bookingId: booking.id,
    });
    expect((await (await complete()).json()).booking.id).toBe(booking.id);
  });

  it('refuses a payment whose amount differs from the priced one', async () => {
    const { body } = await startCheckout();
    Object.assign(fake.markPaid(body.sessionId), { amount_total: 100 });
    const res = await t.request('/api/booking/complete-booking', {
      method: 'POST',
      json: { sessionId: body.sessionId },
    });
    expect(res.status).toBe(409);
    expect(
      await t.db.select().from(bookings).where(eq(bookings.paymentSessionId, body.sessionId)),
    ).toHaveLength(0);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('books on a signed checkout.session.completed, once even when delivered twice', async () => {
    const { owner, body } = await startCheckout({ email: 'webhook@example.com' });
    fake.markPaid(body.sessionId);
    const event = signedEvent(completedEvent(body.sessionId));
    const res = await postWebhook(event.body, event.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const again = await postWebhook(event.body, event.signature);
    expect(again.status).toBe(200);
    const rows = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.paymentSessionId).toBe(body.sessionId);
    expect(await t.emailsTo('webhook@example.com')).toHaveLength(1);
  });

  it.each([
    [
      'a signature made with another secret',
      (body: string) => signedEvent(JSON.parse(body), 'whsec_wrong').signature,
    ],
    ['a garbage signature', () => 't=1,v1=deadbeef'],
    ['no signature', () => undefined],
  ])('answers 400 to %s and changes nothing', async (_label, sign) => {
    const { owner, body } = await startCheckout();
    fake.markPaid(body.sessionId);
    const payload = JSON.stringify(completedEvent(body.sessionId));
    const res = await postWebhook(payload, sign(payload));
    expect(res.status).toBe(400);
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, body.sessionId));
    expect(row!.status).toBe('open');
  });

  it('rejects a body altered after signing', async () => {
    const { owner, body } = await startCheckout();
    fake.markPaid(body.sessionId);
    const event = signedEvent(completedEvent('cs_test_other'));
    const res = await postWebhook(event.body.replace('cs_test_other', body.sessionId), event.signature);
    expect(res.status).toBe(400);
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(0);
  });

  it('acknowledges other event types without acting', async () => {
    const event = signedEvent({ ...completedEvent('cs_x'), type: 'payment_intent.created' });
    const res = await postWebhook(event.body, event.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: 'payment_intent.created' });
  });

  it('refunds through Stripe when the slot was taken while the customer paid', async () => {
    const { owner, service, body } = await startCheckout({ time: '10:00' });
    // Both customers start paying while the time is still free (the 3-hour service at 11:00 overlaps 10:00).
    const second = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({
        businessId: owner.userId,
        serviceId: service.id,
        time: '11:00',
        email: 'slow@example.com',
      }),
    });
    const other = (await second.json()) as { sessionId: string };
    fake.markPaid(body.sessionId);
    fake.markPaid(other.sessionId);
    expect(
      (
        await t.request('/api/booking/complete-booking', {
          method: 'POST',
          json: { sessionId: body.sessionId },
        })
      ).status,
    ).toBe(200);
    const event = signedEvent(completedEvent(other.sessionId));
    const res = await postWebhook(event.body, event.signature);
    expect(res.status).toBe(200);
    expect(fake.refunds).toContainEqual(
      expect.objectContaining({ payment_intent: `pi_fake_${other.sessionId}` }),
    );
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, other.sessionId));
    expect(row!.status).toBe('refunded');
    expect((await t.emailsTo('slow@example.com'))[0]!.subject).toContain('your payment was refunded');
  });
});

describe('the fake Stripe keeps Idempotency-Keys as Stripe does', () => {
  const post = (path: string, params: Record<string, string>, key: string, account?: string) =>
    fetch(`${fake.apiBase}${path}`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_fake_123',
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': key,
        ...(account && { 'stripe-account': account }),
      },
      body: new URLSearchParams(params).toString(),
    });

  it('answers a replay with the first answer, and refuses the key with other parameters or another endpoint', async () => {
    const key = `key-${crypto.randomUUID()}`;
    const couponsBefore = fake.coupons.size;
    const first = await post('/v1/coupons', { percent_off: '10', duration: 'once' }, key);
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    // The same parameters in another order are the same request.
    const replay = await post('/v1/coupons', { duration: 'once', percent_off: '10' }, key);
    expect(((await replay.json()) as { id: string }).id).toBe(id);
    expect(fake.coupons.size).toBe(couponsBefore + 1);

    const otherParams = await post('/v1/coupons', { percent_off: '20', duration: 'once' }, key);
    expect(otherParams.status).toBe(400);
    expect(await otherParams.json()).toMatchObject({
      error: {
        type: 'idempotency_error',
        message: expect.stringContaining('same parameters they were first used with'),
      },
    });
    const otherEndpoint = await post('/v1/refunds', { payment_intent: 'pi_x' }, key);
    expect(otherEndpoint.status).toBe(400);
    expect(await otherEndpoint.json()).toMatchObject({
      error: { type: 'idempotency_error', message: expect.stringContaining('same endpoint') },
    });
    // Keys are per account: a connected account's request with the same key is a request of its own.
    const connected = await post('/v1/coupons', { percent_off: '20', duration: 'once' }, key, 'acct_other');
    expect(connected.status).toBe(200);
    expect(((await connected.json()) as { id: string }).id).not.toBe(id);
  });

  it('turns a refused key into the SDK’s StripeIdempotencyError', async () => {
    const url = new URL(fake.apiBase);
    const stripe = new Stripe('sk_test_fake_123', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const key = `key-${crypto.randomUUID()}`;
    await stripe.coupons.create({ percent_off: 15, duration: 'once' }, { idempotencyKey: key });
    await expect(
      stripe.coupons.create({ percent_off: 25, duration: 'once' }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});
