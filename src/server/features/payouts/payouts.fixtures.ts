import { expect } from 'vitest';
import type { startFakeStripe } from '../../test/fake-stripe';
import type { createTestContext } from '../../test/harness';

type Ctx = Awaited<ReturnType<typeof createTestContext>>;
type Fake = Awaited<ReturnType<typeof startFakeStripe>>;

export const postStripeWebhook = (t: Ctx, body: string, signature?: string) =>
  t.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });

/**
 * The whole Stripe onboarding of a business against the fake: Configure payment → Express account + link →
 * the owner finishes on Stripe → a signed `account.updated` arrives. Returns the connected account id.
 */
export async function onboardOnFakeStripe(
  t: Ctx,
  fake: Fake,
  owner: { cookie: string; userId: string },
  webhookSecret: string,
) {
  const res = await t.request('/api/payouts/account', { method: 'POST', cookie: owner.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const account = [...fake.accounts.values()].find((a) => a.metadata.business_id === owner.userId)!;
  const finished = fake.completeOnboarding(account.id);
  const event = fake.signedEvent('account.updated', finished, { secret: webhookSecret, account: account.id });
  expect((await postStripeWebhook(t, event.body, event.signature)).status).toBe(200);
  return account.id;
}
