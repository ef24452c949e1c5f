import type { Database } from '../../db/client';
import type { PaymentProvider } from './payments';
import { createStripePaymentProvider } from './stripe';
import { createTestPaymentProvider } from './test-checkout';

/** Picks the adapter from configuration: Stripe with a secret key, else the built-in test checkout. */
export function createPaymentProvider(
  db: Database,
  opts: {
    publicUrl: string;
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripeConnectWebhookSecret?: string;
    stripeApiBase?: string;
  },
): PaymentProvider {
  if (opts.stripeSecretKey) {
    return createStripePaymentProvider({
      secretKey: opts.stripeSecretKey,
      webhookSecret: opts.stripeWebhookSecret,
      connectWebhookSecret: opts.stripeConnectWebhookSecret,
      apiBase: opts.stripeApiBase,
    });
  }
  return createTestPaymentProvider(db, opts.publicUrl);
}
