import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/harness';
import {
  createStripePaymentProvider,
  SIGNATURE_CLOCK_SKEW_SECONDS,
  SIGNATURE_MAX_AGE_SECONDS,
} from './stripe';

const WEBHOOK_SECRET = 'whsec_signature_time_test';
// Only signatures are checked here: an event of a type the app ignores reaches no Stripe API.
const t = await createTestContext({
  payments: () =>
    createStripePaymentProvider({
      secretKey: 'sk_test_unused',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: 'http://127.0.0.1:9',
    }),
});

function post(secondsFromNow: number) {
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    object: 'event',
    type: 'payment_intent.created',
    created: now,
    data: { object: {} },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: WEBHOOK_SECRET,
    timestamp: now + secondsFromNow,
  });
  return t.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
}

describe('the time in a Stripe webhook signature', () => {
  it('is refused 10 minutes in the future, accepted within the clock skew', async () => {
    const ahead = await post(10 * 60);
    expect(ahead.status).toBe(400);
    expect((await ahead.json()).error.message).toBe('Webhook signature is dated in the future');
    expect((await post(SIGNATURE_CLOCK_SKEW_SECONDS + 30)).status).toBe(400);
    expect((await post(SIGNATURE_CLOCK_SKEW_SECONDS - 30)).status).toBe(200);
    expect((await post(0)).status).toBe(200);
  });

  it('is refused older than the tolerance (5 minutes), accepted within it', async () => {
    expect((await post(-10 * 60)).status).toBe(400);
    expect((await post(-(SIGNATURE_MAX_AGE_SECONDS + 30))).status).toBe(400);
    const recent = await post(-(SIGNATURE_MAX_AGE_SECONDS - 60));
    expect(recent.status).toBe(200);
    expect(await recent.json()).toEqual({ received: true, ignored: 'payment_intent.created' });
  });
});
