// The payment provider interface: Stripe Checkout when STRIPE_SECRET_KEY is set, else the built-in test checkout.

export interface CheckoutRequest {
  /** Our checkout_sessions id, sent to the provider as a reference and idempotency key. */
  checkoutId: string;
  amountCents: number;
  /** What the customer sees on the payment page. */
  description: string;
  customerEmail: string;
  /** Where the provider returns after payment; `{CHECKOUT_SESSION_ID}` is replaced with the session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface PaymentStatus {
  paid: boolean;
  /** The amount the provider collected, in cents (null when unknown). */
  amountCents: number | null;
  /** The provider's payment reference, needed for refunds (Stripe's payment_intent). */
  paymentReference: string | null;
}

/** A verified webhook event, reduced to what we act on. */
export type PaymentWebhookEvent =
  | { type: 'checkout.completed'; sessionId: string }
  | { type: 'ignored'; eventType: string };

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Asks the provider (never the browser) whether the session has been paid. */
  getPaymentStatus(sessionId: string): Promise<PaymentStatus>;
  /** Gives the money back in full (e.g. the time was taken while the customer paid). */
  refund(sessionId: string, paymentReference: string | null): Promise<void>;
  /** Verifies a webhook's signature; throws WebhookSignatureError when it does not match. */
  verifyWebhook?(rawBody: string, signature: string | undefined): PaymentWebhookEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export const SUCCESS_PATH = '/booking-success?session_id={CHECKOUT_SESSION_ID}';
