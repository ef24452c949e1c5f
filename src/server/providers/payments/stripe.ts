import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { logProviderCall } from '../../observability/provider-calls';
import { requestIdHeaders } from '../../observability/request-context';
import {
  type ConnectedAccountState,
  type PaymentProvider,
  type PaymentWebhookEvent,
  type ProviderPayout,
  WebhookSignatureError,
} from './payments';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  /** Connect endpoints sign with their own secret; both are accepted at /api/webhooks/stripe. */
  connectWebhookSecret?: string;
  /** Another API base (a local fake in tests, a proxy), e.g. http://127.0.0.1:12111; default api.stripe.com. */
  apiBase?: string;
}

function accountState(account: Stripe.Account): ConnectedAccountState {
  return {
    accountId: account.id,
    detailsSubmitted: Boolean(account.details_submitted),
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

function payoutOf(payout: Stripe.Payout, accountId: string): ProviderPayout {
  return {
    payoutId: payout.id,
    accountId,
    amountCents: payout.amount,
    status: payout.status as ProviderPayout['status'],
    arrivalDate: new Date(payout.arrival_date * 1000).toISOString().slice(0, 10),
  };
}

/** How old a signed webhook may be (Stripe's default) and how far ahead of our clock its time may be (decision 0943). */
export const SIGNATURE_MAX_AGE_SECONDS = 300;
export const SIGNATURE_CLOCK_SKEW_SECONDS = 60;

/**
 * Stripe's Node HTTP client, sending our request id (X-Request-Id) with every call and logging each call with
 * Stripe's own request id (decision 1291). Stripe's Idempotency-Key stays the SDK's.
 */
function withRequestId(client: HttpClient): HttpClient {
  return {
    getClientName: () => client.getClientName(),
    async makeRequest(host, port, path, method, headers, requestData, protocol, timeout) {
      const response = await client.makeRequest(
        host,
        port,
        path,
        method,
        { ...headers, ...requestIdHeaders() },
        requestData,
        protocol,
        timeout,
      );
      logProviderCall({
        provider: 'stripe',
        method,
        path: path.split('?')[0],
        status: response.getStatusCode(),
        stripeRequestId: response.getHeaders()['request-id'],
      });
      return response;
    },
  };
}
type HttpClient = ReturnType<typeof Stripe.createNodeHttpClient>;

/** Stripe Checkout (hosted payment page), Connect Express accounts with destination charges, signed webhooks. */
export function createStripePaymentProvider(opts: StripeProviderOptions): PaymentProvider {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(opts.secretKey, {
    httpClient: withRequestId(Stripe.createNodeHttpClient()),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol }),
  });
  const secrets = [opts.webhookSecret, opts.connectWebhookSecret].filter((s): s is string => Boolean(s));

  function constructEvent(rawBody: string, signature: string): Stripe.Event {
    for (const secret of secrets) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_MAX_AGE_SECONDS);
      } catch {
        continue; // another secret, or too old
      }
      // Stripe's check bounds the age only: a signature dated ahead of our clock would stay valid until then.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (!(signedAt * 1000 <= Date.now() + SIGNATURE_CLOCK_SKEW_SECONDS * 1000))
        throw new WebhookSignatureError('Webhook signature is dated in the future');
      return event;
    }
    throw new WebhookSignatureError();
  }

  return {
    kind: 'stripe',
    async createCheckout(req) {
      const tipCents = req.tipCents ?? 0;
      const lineItem = (name: string, cents: number) => ({
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: cents, product_data: { name } },
      });
      const metadata = { checkout_id: req.checkoutId, ...req.metadata };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: req.customerEmail,
          client_reference_id: req.checkoutId,
          metadata,
          line_items: [
            lineItem(req.description, req.amountCents - tipCents),
            ...(tipCents > 0 ? [lineItem('Tip', tipCents)] : []),
          ],
          ...(req.transfer && {
            payment_intent_data: {
              application_fee_amount: req.transfer.applicationFeeCents,
              transfer_data: { destination: req.transfer.destination },
              metadata,
            },
          }),
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
    async refund(sessionId, paymentReference, request = {}) {
      let intent = paymentReference;
      if (!intent) intent = (await this.getPaymentStatus(sessionId)).paymentReference;
      if (!intent) return { refundId: null }; // nothing was collected
      const refund = await stripe.refunds.create(
        {
          payment_intent: intent,
          ...(request.amountCents !== undefined && { amount: request.amountCents }),
          // Destination charges: take the money back from the business and give back the fee in proportion.
          ...(request.connected && { reverse_transfer: true, refund_application_fee: true }),
        },
        { idempotencyKey: request.idempotencyKey ?? `refund-${sessionId}` },
      );
      return { refundId: refund.id };
    },
    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
        return { expired: true };
      } catch (err) {
        // Stripe refuses to expire a session that is no longer open: it was paid, or has expired already.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'open') throw err;
        return { expired: session.status === 'expired' };
      }
    },
    verifyWebhook(rawBody, signature): PaymentWebhookEvent {
      if (secrets.length === 0)
        throw new WebhookSignatureError('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      const event = constructEvent(rawBody, signature);
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          const idOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));
          // An add-on's Checkout names the add-on in its metadata, whatever its mode (docs/decisions/1156).
          if (session.metadata?.add_on) {
            const quantity = Number(session.metadata.quantity ?? '1');
            return {
              type: 'add_on.checkout.completed',
              sessionId: session.id,
              businessId: session.metadata.business_id ?? session.client_reference_id ?? null,
              addOn: session.metadata.add_on,
              quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
              nfcTarget: session.metadata.nfc_target ?? null,
              tagUrl: session.metadata.tag_url ?? null,
              paid: session.payment_status === 'paid',
              customerId: idOf(session.customer),
              subscriptionId: idOf(session.subscription),
              created: event.created,
            };
          }
          // A repeat-visit series' card, saved in setup mode on the connected account (decision 1258).
          if (session.mode === 'setup' && session.metadata?.series_id)
            return {
              type: 'series.setup.completed',
              sessionId: session.id,
              seriesId: session.metadata.series_id,
            };
          // A maintenance plan of a business's customer (issue 32, decision 1225).
          if (session.metadata?.membership_id) {
            return {
              type: 'membership.checkout.completed',
              memberId: session.metadata.membership_id,
              customerId: idOf(session.customer),
              subscriptionId: idOf(session.subscription),
            };
          }
          if (session.mode === 'subscription') {
            return {
              type: 'subscription.checkout.completed',
              sessionId: session.id,
              businessId: session.metadata?.business_id ?? session.client_reference_id ?? null,
              plan: session.metadata?.plan ?? null,
              customerId: idOf(session.customer),
              subscriptionId: idOf(session.subscription),
              promotion: session.metadata?.promotion === 'first_months',
              created: event.created,
            };
          }
          return { type: 'checkout.completed', sessionId: session.id };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const sub = event.data.object;
          if (sub.metadata?.membership_id) {
            return {
              type: 'membership.subscription.updated',
              memberId: sub.metadata.membership_id,
              subscriptionId: sub.id,
              status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
            };
          }
          if (sub.metadata?.add_on === 'crm_booster') {
            // Since API version 2025-03-31 the period belongs to the subscription's items.
            const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
            return {
              type: 'add_on.subscription.updated',
              subscriptionId: sub.id,
              status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
              cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
              currentPeriodEnd: item?.current_period_end ?? null,
              created: event.created,
            };
          }
          return {
            type: 'subscription.updated',
            created: event.created,
            subscription: {
              subscriptionId: sub.id,
              customerId: typeof sub.customer === 'string' ? sub.customer : (sub.customer?.id ?? null),
              status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
              businessId: sub.metadata?.business_id ?? null,
              plan: sub.metadata?.plan ?? null,
            },
          };
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          // A subscription's invoice names its subscription's metadata (parent since API 2025-03-31, else directly).
          const invoice = event.data.object as Stripe.Invoice & {
            subscription_details?: { metadata?: Record<string, string> | null } | null;
          };
          const metadata =
            invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata ?? null;
          const memberId = metadata?.membership_id;
          if (!memberId || !invoice.id) return { type: 'ignored', eventType: event.type };
          return {
            type: 'membership.invoice',
            memberId,
            invoiceId: invoice.id,
            paid: event.type === 'invoice.paid',
            periodStart: invoice.lines?.data?.[0]?.period?.start ?? invoice.period_start,
          };
        }
        case 'setup_intent.succeeded': {
          // The same card saved, told by its SetupIntent (its metadata names the series, decision 1258).
          const seriesId = event.data.object.metadata?.series_id;
          if (!seriesId) return { type: 'ignored', eventType: event.type };
          return { type: 'series.setup.completed', sessionId: null, seriesId };
        }
        case 'account.updated':
          return { type: 'account.updated', account: accountState(event.data.object) };
        case 'payout.created':
        case 'payout.updated':
        case 'payout.paid':
        case 'payout.failed':
        case 'payout.canceled':
          // Connect events name the connected account the payout belongs to.
          if (!event.account) return { type: 'ignored', eventType: event.type };
          return { type: 'payout.updated', payout: payoutOf(event.data.object, event.account) };
        default:
          return { type: 'ignored', eventType: event.type };
      }
    },
    billing: {
      async ensureCoupon(req) {
        try {
          return { id: (await stripe.coupons.retrieve(req.id)).id };
        } catch (err) {
          if ((err as { statusCode?: number }).statusCode !== 404) throw err;
        }
        try {
          const coupon = await stripe.coupons.create({
            id: req.id,
            name: req.name,
            percent_off: req.percentOff,
            duration: 'repeating',
            duration_in_months: req.months,
          });
          return { id: coupon.id };
        } catch (err) {
          // Another instance made it meanwhile.
          if ((err as { code?: string }).code === 'resource_already_exists') return { id: req.id };
          throw err;
        }
      },
      async createSubscriptionCheckout(req) {
        const metadata: Record<string, string> = { business_id: req.businessId, plan: req.plan };
        if (req.couponId) metadata.promotion = 'first_months';
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: req.businessId,
            metadata,
            ...(req.customerId ? { customer: req.customerId } : { customer_email: req.customerEmail }),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: req.monthlyCents,
                  recurring: { interval: 'month' },
                  product_data: { name: `ShineRoute ${req.planName}` },
                },
              },
            ],
            // The subscription carries the business and plan, so its own webhooks can be applied without the session.
            subscription_data: { metadata },
            ...(req.couponId ? { discounts: [{ coupon: req.couponId }] } : {}),
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
          },
          { idempotencyKey: `subscription-checkout-${req.businessId}-${randomUUID()}` },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      },
      async createAddOnCheckout(req) {
        const session = await stripe.checkout.sessions.create(
          {
            mode: req.monthly ? 'subscription' : 'payment',
            client_reference_id: req.businessId,
            metadata: req.metadata,
            ...(req.customerId ? { customer: req.customerId } : { customer_email: req.customerEmail }),
            line_items: [
              {
                quantity: req.quantity,
                price_data: {
                  currency: 'usd',
                  unit_amount: req.unitCents,
                  ...(req.monthly && { recurring: { interval: 'month' as const } }),
                  product_data: { name: req.name },
                },
              },
            ],
            // The booster's subscription carries the add-on, so its own webhooks are told apart from the plan's.
            ...(req.monthly && { subscription_data: { metadata: req.metadata } }),
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
          },
          { idempotencyKey: `add-on-checkout-${req.businessId}-${randomUUID()}` },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      },
      async cancelSubscriptionAtPeriodEnd(subscriptionId) {
        await stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey: `cancel-at-period-end-${subscriptionId}-${randomUUID()}` },
        );
      },
      async createPortalSession(req) {
        const portal = await stripe.billingPortal.sessions.create({
          customer: req.customerId,
          return_url: req.returnUrl,
        });
        return { url: portal.url };
      },
    },
    memberships: {
      async createMembershipCheckout(req) {
        const metadata = { membership_id: req.memberId };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer_email: req.customerEmail,
            client_reference_id: req.memberId,
            metadata,
            line_items: [
              {
                quantity: req.quantity,
                price_data: {
                  currency: 'usd',
                  unit_amount: req.unitCents,
                  recurring: { interval: 'month' },
                  product_data: { name: req.planName },
                },
              },
            ],
            // The business is the merchant: each invoice is transferred to its account less the platform's fee.
            subscription_data: {
              metadata,
              application_fee_percent: req.applicationFeePercent,
              transfer_data: { destination: req.destination },
            },
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
          },
          { idempotencyKey: `membership-checkout-${req.memberId}` },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      },
      async payInvoice(invoiceId, idempotencyKey) {
        try {
          const invoice = await stripe.invoices.pay(invoiceId, {}, { idempotencyKey });
          return { paid: invoice.status === 'paid' };
        } catch (err) {
          // A declined card is the answer, not an error: the dunning goes on.
          if (err instanceof Stripe.errors.StripeCardError) return { paid: false };
          throw err;
        }
      },
      async cancelSubscription(subscriptionId) {
        await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` });
      },
      async createCardUpdateSession(req) {
        const portal = await stripe.billingPortal.sessions.create({
          customer: req.customerId,
          return_url: req.returnUrl,
          flow_data: {
            type: 'payment_method_update',
            after_completion: { type: 'redirect', redirect: { return_url: req.returnUrl } },
          },
        });
        return { url: portal.url };
      },
    },
    series: {
      async createSetupCheckout(req) {
        const metadata = { series_id: req.seriesId };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'setup',
            currency: 'usd',
            customer_creation: 'always',
            customer_email: req.customerEmail,
            client_reference_id: req.seriesId,
            metadata,
            setup_intent_data: { metadata, description: req.description },
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
          },
          { idempotencyKey: `series-setup-${req.seriesId}`, stripeAccount: req.connectedAccount },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      },
      async getSetupResult(sessionId, connectedAccount) {
        const session = await stripe.checkout.sessions.retrieve(
          sessionId,
          { expand: ['setup_intent'] },
          { stripeAccount: connectedAccount },
        );
        const intent = session.setup_intent;
        const pm = intent && typeof intent !== 'string' ? intent.payment_method : null;
        const customer = session.customer;
        return {
          saved: session.status === 'complete' && Boolean(pm),
          customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
          paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? null),
        };
      },
      async chargeOffSession(req) {
        try {
          const intent = await stripe.paymentIntents.create(
            {
              amount: req.amountCents,
              currency: 'usd',
              customer: req.customerId,
              payment_method: req.paymentMethodId,
              off_session: true,
              confirm: true,
              application_fee_amount: req.applicationFeeCents,
              description: req.description,
              metadata: req.metadata,
            },
            { idempotencyKey: req.idempotencyKey, stripeAccount: req.connectedAccount },
          );
          return { paid: intent.status === 'succeeded', reference: intent.id, message: null };
        } catch (err) {
          // A declined card (or one needing the customer) is the answer: the visit stays unpaid and the owner sees why.
          if (err instanceof Stripe.errors.StripeCardError)
            return { paid: false, reference: err.payment_intent?.id ?? null, message: err.message };
          throw err;
        }
      },
    },
    connect: {
      async createAccount(req) {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            country: 'US',
            ...(req.email && { email: req.email }),
            ...(req.businessName && { business_profile: { name: req.businessName } }),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { business_id: req.businessId },
          },
          { idempotencyKey: `account-${req.businessId}` },
        );
        return accountState(account);
      },
      async createAccountLink(req) {
        // Each link is used once: a fresh key per link, reused by the SDK's own retries of this request.
        const link = await stripe.accountLinks.create(
          {
            account: req.accountId,
            type: 'account_onboarding',
            return_url: req.returnUrl,
            refresh_url: req.refreshUrl,
          },
          { idempotencyKey: `account-link-${req.accountId}-${randomUUID()}` },
        );
        return { url: link.url };
      },
      async retrieveAccount(accountId) {
        return accountState(await stripe.accounts.retrieve(accountId));
      },
    },
  };
}
