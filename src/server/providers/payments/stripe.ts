import Stripe from 'stripe';
import { type PaymentProvider, WebhookSignatureError } from './payments';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  /** Another API base (a local fake in tests, a proxy), e.g. http://127.0.0.1:12111; default api.stripe.com. */
  apiBase?: string;
}

/** Stripe Checkout (hosted payment page) and its signed webhooks. */
export function createStripePaymentProvider(opts: StripeProviderOptions): PaymentProvider {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol }),
  });

  return {
    kind: 'stripe',
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: req.customerEmail,
          client_reference_id: req.checkoutId,
          metadata: { checkout_id: req.checkoutId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: req.amountCents,
                product_data: { name: req.description },
              },
            },
          ],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          // Stripe accepts 30 minutes to 24 hours.
          expires_at: Math.floor(req.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-${req.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async getPaymentStatus(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent = session.payment_intent;
      return {
        paid: session.payment_status === 'paid',
        amountCents: session.amount_total ?? null,
        paymentReference: typeof intent === 'string' ? intent : (intent?.id ?? null),
      };
    },
    async refund(sessionId, paymentReference) {
      let intent = paymentReference;
      if (!intent) intent = (await this.getPaymentStatus(sessionId)).paymentReference;
      if (!intent) return; // nothing was collected
      await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${sessionId}` });
    },
    verifyWebhook(rawBody, signature) {
      if (!opts.webhookSecret)
        throw new WebhookSignatureError('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      if (
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        return { type: 'checkout.completed', sessionId: event.data.object.id };
      }
      return { type: 'ignored', eventType: event.type };
    },
  };
}
