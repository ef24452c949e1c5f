import { afterAll } from 'vitest';
import { createStripePaymentProvider } from '../providers/payments/stripe';
import { startFakeStripe } from './fake-stripe';
import { createTestContext } from './harness';

/**
 * A test file's app with payments through the real Stripe adapter, pointed at a local fake Stripe that closes after
 * the file. Webhooks are signed with `webhookSecret` (and Connect's with `connectWebhookSecret`): `fake.signedEvent`
 * signs with the secret given to it.
 */
export async function createStripeTestContext(secrets: {
  webhookSecret: string;
  connectWebhookSecret?: string;
}) {
  const fake = await startFakeStripe();
  afterAll(() => fake.close());
  const t = await createTestContext({
    payments: () =>
      createStripePaymentProvider({ secretKey: 'sk_test_fake', ...secrets, apiBase: fake.apiBase }),
  });
  return { t, fake };
}
