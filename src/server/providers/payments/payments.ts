// The payment provider interface: Stripe Checkout when STRIPE_SECRET_KEY is set, else the built-in test checkout.

/**
 * Destination-charge terms (docs/decisions/1000): the charge settles on the platform, `amountCents −
 * applicationFeeCents` is transferred to the connected account. Generic: bookings, invoices, deposits and tips
 * all use it (see chargeTermsFor in features/payouts).
 */
export interface ChargeTransfer {
  /** The connected account (Stripe acct_…, or the test-mode account). */
  destination: string;
  /** The platform's fee, never taken from the tip. */
  applicationFeeCents: number;
}

export interface CheckoutRequest {
  /** Our checkout id, sent to the provider as a reference and idempotency key. */
  checkoutId: string;
  /** The total the customer pays, tip included. */
  amountCents: number;
  /** The part of amountCents that is a tip (shown as its own line; passed through in full). */
  tipCents?: number;
  /** What the customer sees on the payment page. */
  description: string;
  customerEmail: string;
  /** Where the provider returns after payment; `{CHECKOUT_SESSION_ID}` is replaced with the session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Absent: the platform is the merchant (a platform lead). */
  transfer?: ChargeTransfer | null;
  /** Extra references stored with the payment (e.g. document_type, document_id). */
  metadata?: Record<string, string>;
}

export interface PaymentStatus {
  paid: boolean;
  /** The amount the provider collected, in cents (null when unknown). */
  amountCents: number | null;
  /** The provider's payment reference, needed for refunds (Stripe's payment_intent). */
  paymentReference: string | null;
}

export interface RefundRequest {
  /** Part of the payment; absent = the whole remaining amount. */
  amountCents?: number;
  /** A destination charge: reverse the transfer and refund the application fee proportionally. */
  connected?: boolean;
  /** Distinguishes several partial refunds of one payment (default: one full refund per session). */
  idempotencyKey?: string;
}

/** A connected account's state as the provider reports it. */
export interface ConnectedAccountState {
  accountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  disabledReason: string | null;
}

export interface ProviderPayout {
  payoutId: string;
  accountId: string;
  amountCents: number;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  /** YYYY-MM-DD (UTC) */
  arrivalDate: string;
}

/** A Stripe Billing subscription as its webhooks report it (docs/decisions/0832). */
export interface ProviderSubscription {
  subscriptionId: string;
  customerId: string | null;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  /** From the subscription's metadata (set by our checkout). */
  businessId: string | null;
  plan: string | null;
}

/** A verified webhook event, reduced to what we act on. */
export type PaymentWebhookEvent =
  | { type: 'checkout.completed'; sessionId: string }
  | {
      type: 'subscription.checkout.completed';
      sessionId: string;
      businessId: string | null;
      plan: string | null;
      customerId: string | null;
      subscriptionId: string | null;
      /** The session applied the first-months promotion's coupon (docs/decisions/0951). */
      promotion: boolean;
      /** The event's creation time (seconds), to ignore events older than the last one applied. */
      created: number;
    }
  | { type: 'subscription.updated'; subscription: ProviderSubscription; created: number }
  | {
      /** A paid Checkout for an add-on (docs/decisions/1156): one-time payment, or the booster's subscription. */
      type: 'add_on.checkout.completed';
      sessionId: string;
      businessId: string | null;
      addOn: string | null;
      /** From the session's metadata, set by our checkout. */
      quantity: number;
      nfcTarget: string | null;
      tagUrl: string | null;
      /** payment_status 'paid' (a delayed payment method completes the session unpaid, then succeeds later). */
      paid: boolean;
      customerId: string | null;
      subscriptionId: string | null;
      created: number;
    }
  | {
      /** The CRM booster's own subscription changed (cancel at period end, renewed, ended). */
      type: 'add_on.subscription.updated';
      subscriptionId: string;
      status: string;
      cancelAtPeriodEnd: boolean;
      /** The end of the month in progress (seconds), when Stripe gives it. */
      currentPeriodEnd: number | null;
      created: number;
    }
  | {
      /**
       * A repeat-visit series' card was saved on the connected account (issue 32, decision 1258): its setup-mode
       * Checkout completed (`sessionId`) or its SetupIntent succeeded (`seriesId` from the intent's metadata).
       */
      type: 'series.setup.completed';
      sessionId: string | null;
      seriesId: string | null;
    }
  | {
      /** A maintenance plan's Checkout completed (its metadata names the membership, issue 32). */
      type: 'membership.checkout.completed';
      memberId: string;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | {
      /** A maintenance plan's invoice was paid or failed (Stripe's own renewal, or a retry). */
      type: 'membership.invoice';
      memberId: string;
      invoiceId: string;
      paid: boolean;
      /** The billed month's start (seconds). */
      periodStart: number;
    }
  | { type: 'membership.subscription.updated'; memberId: string; subscriptionId: string; status: string }
  | { type: 'account.updated'; account: ConnectedAccountState }
  | { type: 'payout.updated'; payout: ProviderPayout }
  | { type: 'ignored'; eventType: string };

/** Stripe Billing: the plan's subscription (hosted Checkout in subscription mode, the customer portal). */
export interface BillingProvider {
  createSubscriptionCheckout(req: {
    businessId: string;
    plan: string;
    planName: string;
    monthlyCents: number;
    customerEmail: string;
    /** The business's Stripe customer, when it already has one (a plan change after a cancellation). */
    customerId: string | null;
    /** A coupon to apply (the first-months promotion, from `ensureCoupon`). */
    couponId?: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** The coupon with this id, created once (percent off for the first `months` monthly invoices). */
  ensureCoupon(req: {
    id: string;
    percentOff: number;
    months: number;
    name: string;
  }): Promise<{ id: string }>;
  createPortalSession(req: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * A Checkout for an add-on (docs/decisions/1156): a one-time payment of `quantity` × `unitCents`, or with
   * `monthly` a subscription of its own. `metadata` comes back on the session (and the subscription).
   */
  createAddOnCheckout(req: {
    businessId: string;
    name: string;
    unitCents: number;
    quantity: number;
    monthly: boolean;
    customerEmail: string;
    customerId: string | null;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** Ends a subscription at the end of its current period (its webhooks then report it). */
  cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void>;
}

/** Stripe Connect: onboarding of a business's connected account (Express). */
export interface ConnectProvider {
  /** Creates the connected account; `businessId` is the idempotency key and metadata. */
  createAccount(req: {
    businessId: string;
    email: string | null;
    businessName: string | null;
  }): Promise<ConnectedAccountState>;
  /** A one-time onboarding link; the owner comes back to returnUrl (or refreshUrl when the link expired). */
  createAccountLink(req: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountState>;
}

/**
 * Maintenance plans of a business's customers (issue 32, decision 1225): a Stripe Billing subscription on the
 * business's connected account with the platform's fee, and the retries of a failed renewal that our job queue runs.
 * Absent in test mode, where the membership's test card is charged locally.
 */
export interface MembershipBillingProvider {
  createMembershipCheckout(req: {
    memberId: string;
    planName: string;
    /** The plan's monthly price per vehicle, and the number of vehicles. */
    unitCents: number;
    quantity: number;
    customerEmail: string;
    /** The connected account, and the platform's fee as a percentage of each invoice. */
    destination: string;
    applicationFeePercent: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** One dunning retry of a failed invoice (Stripe: pay the open invoice again with the card on file). */
  payInvoice(invoiceId: string, idempotencyKey: string): Promise<{ paid: boolean }>;
  /** Ends the subscription at once (cancelled by the member or the owner). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** The card-update page of the dunning link (Stripe's customer portal, straight to "update payment method"). */
  createCardUpdateSession(req: {
    customerId: string;
    subscriptionId: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
}

/**
 * Repeat visits (issue 32, decision 1258): the customer's card is saved on the business's connected account (a
 * Checkout in setup mode, i.e. a SetupIntent) and each completed visit is charged off-session there, with the
 * platform's fee. Absent in test mode, where the test checkout saves a local test card.
 */
export interface SeriesPaymentProvider {
  createSetupCheckout(req: {
    seriesId: string;
    connectedAccount: string;
    customerEmail: string;
    description: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** Whether the setup session saved a card, and the customer and payment method on the connected account. */
  getSetupResult(
    sessionId: string,
    connectedAccount: string,
  ): Promise<{ saved: boolean; customerId: string | null; paymentMethodId: string | null }>;
  /** One off-session charge; `idempotencyKey` makes a replay the same charge. A decline is an answer, not an error. */
  chargeOffSession(req: {
    connectedAccount: string;
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    applicationFeeCents: number;
    description: string;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ paid: boolean; reference: string | null; message: string | null }>;
}

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Asks the provider (never the browser) whether the session has been paid. */
  getPaymentStatus(sessionId: string): Promise<PaymentStatus>;
  /** Gives money back (in full unless amountCents); returns the provider's refund id. */
  refund(
    sessionId: string,
    paymentReference: string | null,
    request?: RefundRequest,
  ): Promise<{ refundId: string | null }>;
  /**
   * Closes an unpaid session so it can no longer be paid (Stripe: POST /v1/checkout/sessions/{id}/expire).
   * `expired: false` means the customer had already paid: the caller settles that payment (records or refunds it).
   */
  expireCheckoutSession(sessionId: string): Promise<{ expired: boolean }>;
  /** Verifies a webhook's signature; throws WebhookSignatureError when it does not match. */
  verifyWebhook?(rawBody: string, signature: string | undefined): PaymentWebhookEvent;
  /** Stripe Connect onboarding; absent for the test checkout (its accounts are local, features/payouts). */
  connect?: ConnectProvider;
  /** Stripe Billing for plan changes; absent in test mode (the change is recorded at once). */
  billing?: BillingProvider;
  /** Stripe Billing for maintenance plans; absent in test mode. */
  memberships?: MembershipBillingProvider;
  /** Saved cards and off-session charges of repeat visits; absent in test mode. */
  series?: SeriesPaymentProvider;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export const SUCCESS_PATH = '/booking-success?session_id={CHECKOUT_SESSION_ID}';
