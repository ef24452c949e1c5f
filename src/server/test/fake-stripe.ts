import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The Stripe-Account header: a request made on a connected account. */
  stripeAccount: string | undefined;
  /** Our X-Request-Id (decision 1291). */
  requestId: string | undefined;
  form: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  mode: 'payment' | 'subscription' | 'setup';
  /** Setup mode: the SetupIntent made at completion (its card), on the account the session was made on. */
  setup_intent: { id: string; object: 'setup_intent'; payment_method: string | null; status: string } | null;
  stripe_account: string | null;
  /** Subscription mode: the customer passed in (or made at completion) and the subscription made at completion. */
  customer: string | null;
  subscription: string | null;
  subscription_metadata: Record<string, string>;
  recurring_interval: string | null;
  /** Coupons applied to the session (discounts[n][coupon]): a subscription's first-months promotion. */
  discounts: { coupon: string }[];
  /** Connect destination charge terms (payment_intent_data). */
  application_fee_amount: number | null;
  transfer_destination: string | null;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      price: { unit_amount: number; recurring: { interval: string | null } };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { disabled_reason: string | null };
  metadata: Record<string, string>;
}

/** A paid destination charge as Stripe's books would hold it. */
interface FakePayment {
  payment_intent: string;
  amount: number;
  application_fee_amount: number;
  destination: string | null;
  refunded: number;
  /** Transfer reversed from the connected account, and application fee returned to it, so far. */
  transfer_reversed: number;
  fee_refunded: number;
}

export interface FakeRefund {
  id: string;
  payment_intent: string;
  amount: number;
  reverse_transfer: boolean;
  refund_application_fee: boolean;
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for api.stripe.com: Checkout Sessions (with Connect destination charges and coupons), coupons, refunds (with
 * reverse_transfer / refund_application_fee), Connect Express accounts and account links, and signed webhook events.
 * POSTs honour Idempotency-Key like Stripe: per account (the Stripe-Account header's, or the platform's), the same key with
 * the same endpoint and parameters → the first response; with another endpoint or other parameters → 400
 * idempotency_error, as Stripe refuses it. Tests point the real `stripe` SDK at it
 * (STRIPE_API_BASE / the adapter's apiBase) — no network, real HTTP.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<
    string,
    {
      id: string;
      object: 'coupon';
      percent_off: number;
      duration: string;
      duration_in_months: number | null;
      valid: boolean;
    }
  >();
  const accounts = new Map<string, FakeAccount>();
  // Subscriptions made by completeSubscription (POST /v1/subscriptions/{id} updates them).
  const subscriptions = new Map<string, FakeSubscription>();
  const payments = new Map<string, FakePayment>();
  const requests: FakeStripeRequest[] = [];
  const refunds: FakeRefund[] = [];
  const idempotent = new Map<string, { path: string; params: string; status: number; body: unknown }>();
  // Invoice id → whether paying it again succeeds (absent: it does).
  const invoicePayResults = new Map<string, boolean>();
  let counter = 0;

  const error = (message: string) => ({ error: { type: 'invalid_request_error', message } });
  const idempotencyError = (message: string) => ({ error: { type: 'idempotency_error', message } });

  /** Off-session charges made on connected accounts (direct charges with the platform's fee). */
  const offSessionCharges: {
    id: string;
    account: string | null;
    amount: number;
    application_fee_amount: number;
    customer: string;
    payment_method: string;
    off_session: boolean;
    metadata: Record<string, string>;
  }[] = [];
  // Payment methods that decline off-session (a test's card that stopped working).
  const decliningMethods = new Set<string>();

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
    account: string | null = null,
  ): [number, unknown] {
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!form.customer || !form.payment_method)
        return [400, error('A customer and payment method are needed')];
      if (account && !accounts.get(account)?.charges_enabled)
        return [400, error('The account cannot accept charges yet')];
      const id = `pi_fake_off_${++counter}`;
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      if (decliningMethods.has(form.payment_method))
        return [
          402,
          {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
              payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
            },
          },
        ];
      const charge = {
        id,
        account,
        amount: Number(form.amount),
        application_fee_amount: Number(form.application_fee_amount ?? 0),
        customer: form.customer,
        payment_method: form.payment_method,
        off_session: form.off_session === 'true',
        metadata,
      };
      offSessionCharges.push(charge);
      return [200, { id, object: 'payment_intent', status: 'succeeded', amount: charge.amount, metadata }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_fake_${++counter}`;
      let amount = 0;
      for (let i = 0; form[`line_items[${i}][price_data][unit_amount]`] !== undefined; i++) {
        amount +=
          Number(form[`line_items[${i}][price_data][unit_amount]`]) *
          Number(form[`line_items[${i}][quantity]`] ?? 1);
      }
      const destination =
        form['payment_intent_data[transfer_data][destination]'] ??
        form['subscription_data[transfer_data][destination]'] ??
        null;
      if (destination) {
        const account = accounts.get(destination);
        if (!account) return [400, error(`No such destination: '${destination}'`)];
        if (!account.charges_enabled)
          return [400, error('The destination account cannot accept charges yet')];
      }
      const fee = form['payment_intent_data[application_fee_amount]'];
      const discounts: { coupon: string }[] = [];
      for (let i = 0; form[`discounts[${i}][coupon]`] !== undefined; i++) {
        const coupon = form[`discounts[${i}][coupon]`]!;
        if (!coupons.has(coupon)) return [400, error(`No such coupon: '${coupon}'`)];
        discounts.push({ coupon });
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: amount,
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice(9, -1), v]),
        ),
        success_url: form.success_url!.replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: form.cancel_url ?? '',
        payment_status: 'unpaid',
        status: 'open',
        payment_intent: null,
        mode: form.mode === 'subscription' || form.mode === 'setup' ? form.mode : 'payment',
        setup_intent: null,
        stripe_account: account,
        customer: form.customer ?? null,
        subscription: null,
        subscription_metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith('subscription_data[metadata]['))
            .map(([k, v]) => [k.slice('subscription_data[metadata]['.length, -1), v]),
        ),
        recurring_interval: form['line_items[0][price_data][recurring][interval]'] ?? null,
        discounts,
        application_fee_amount: fee === undefined ? null : Number(fee),
        transfer_destination: destination,
      };
      sessions.set(id, session);
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const id = form.id ?? `coupon_fake_${++counter}`;
      if (coupons.has(id))
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              message: 'Coupon already exists.',
            },
          },
        ];
      const coupon = {
        id,
        object: 'coupon' as const,
        percent_off: Number(form.percent_off),
        duration: form.duration ?? 'once',
        duration_in_months: form.duration_in_months === undefined ? null : Number(form.duration_in_months),
        valid: true,
      };
      coupons.set(id, coupon);
      return [200, coupon];
    }
    const couponMatch = path.match(/^\/v1\/coupons\/([^/]+)$/);
    if (method === 'GET' && couponMatch) {
      const coupon = coupons.get(decodeURIComponent(couponMatch[1]!));
      return coupon
        ? [200, coupon]
        : [
            404,
            { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such coupon' } },
          ];
    }
    const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      // A session made on a connected account is only seen with that account's header.
      return session && session.stripe_account === account
        ? [200, session]
        : [404, error('No such checkout.session')];
    }
    const expireMatch = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (method === 'POST' && expireMatch) {
      const session = sessions.get(decodeURIComponent(expireMatch[1]!));
      if (!session) return [404, error('No such checkout.session')];
      // Stripe's answer for a session that was paid (or expired) before the call.
      if (session.status !== 'open')
        return [
          400,
          error(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          ),
        ];
      session.status = 'expired';
      return [200, session];
    }
    const subscriptionMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (method === 'POST' && subscriptionMatch) {
      const sub = subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
      if (!sub) return [404, error('No such subscription')];
      if (sub.status === 'canceled')
        return [400, error('A canceled subscription can only update its metadata')];
      if (form.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
      return [200, sub];
    }
    // A subscription's open invoice paid again (a dunning retry): the test decides with invoicePayResults.
    const payInvoiceMatch = path.match(/^\/v1\/invoices\/([^/]+)\/pay$/);
    if (method === 'POST' && payInvoiceMatch) {
      const id = decodeURIComponent(payInvoiceMatch[1]!);
      if (invoicePayResults.get(id) === false)
        return [
          402,
          { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
        ];
      return [200, { id, object: 'invoice', status: 'paid', paid: true }];
    }
    const cancelSubscriptionMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (method === 'DELETE' && cancelSubscriptionMatch) {
      const sub = subscriptions.get(decodeURIComponent(cancelSubscriptionMatch[1]!));
      if (!sub) return [404, error('No such subscription')];
      sub.status = 'canceled';
      return [200, sub];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!form.customer?.startsWith('cus_')) return [400, error(`No such customer: '${form.customer}'`)];
      const id = `bps_fake_${++counter}`;
      const url = `https://billing.stripe.test/p/session/${id}`;
      return [
        200,
        { id, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url },
      ];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const payment = payments.get(form.payment_intent!);
      const amount = form.amount === undefined ? undefined : Number(form.amount);
      const refund: FakeRefund = {
        id: `re_${++counter}`,
        payment_intent: form.payment_intent!,
        amount: amount ?? (payment ? payment.amount - payment.refunded : 0),
        reverse_transfer: form.reverse_transfer === 'true',
        refund_application_fee: form.refund_application_fee === 'true',
      };
      if (payment) {
        if (refund.amount > payment.amount - payment.refunded)
          return [400, error('Refund amount is greater than unrefunded amount on charge')];
        if ((refund.reverse_transfer || refund.refund_application_fee) && !payment.destination)
          return [400, error('reverse_transfer can only be used for charges with transfer_data')];
        payment.refunded += refund.amount;
        // The fee goes back in proportion to the amount refunded; the connected account returns the rest.
        if (refund.refund_application_fee)
          payment.fee_refunded = Math.floor(
            (payment.application_fee_amount * payment.refunded) / payment.amount,
          );
        if (refund.reverse_transfer) {
          payment.transfer_reversed = refund.refund_application_fee
            ? payment.refunded - payment.fee_refunded
            : Math.floor(
                ((payment.amount - payment.application_fee_amount) * payment.refunded) / payment.amount,
              );
        }
      }
      refunds.push(refund);
      return [200, { ...refund, object: 'refund', status: 'succeeded' }];
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: FakeAccount = {
        id: `acct_fake_${++counter}`,
        object: 'account',
        type: 'express',
        email: form.email ?? null,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { disabled_reason: 'requirements.past_due' },
        metadata: { business_id: form['metadata[business_id]'] ?? '' },
      };
      accounts.set(account.id, account);
      return [200, account];
    }
    const accountMatch = path.match(/^\/v1\/accounts\/([^/]+)$/);
    if (method === 'GET' && accountMatch) {
      const account = accounts.get(decodeURIComponent(accountMatch[1]!));
      return account ? [200, account] : [404, error('No such account')];
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(form.account ?? '')) return [400, error(`No such account: '${form.account}'`)];
      if (form.type !== 'account_onboarding' || !form.return_url || !form.refresh_url)
        return [400, error('Missing return_url, refresh_url or type')];
      return [
        200,
        {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/e/${form.account}/${++counter}`,
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      ];
    }
    return [404, error(`Unrecognized request URL (${method}: ${path})`)];
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const method = req.method ?? 'GET';
    requests.push({
      method,
      path: url.pathname,
      authorization: req.headers.authorization,
      idempotencyKey,
      stripeAccount: req.headers['stripe-account'] as string | undefined,
      requestId: req.headers['x-request-id'] as string | undefined,
      form,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
      res.end(JSON.stringify(body));
    };
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const stripeAccount = req.headers['stripe-account'] as string | undefined;
    const replayKey =
      method === 'POST' && idempotencyKey ? `${stripeAccount ?? 'platform'} ${idempotencyKey}` : null;
    // The parameters as sent, in order of name: the same object encoded twice is the same request.
    const params = new URLSearchParams(
      [...new URLSearchParams(raw)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ).toString();
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) {
      if (replay.path !== url.pathname)
        return send(
          400,
          idempotencyError(
            `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${replay.path}' vs '${url.pathname}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      if (replay.params !== params)
        return send(
          400,
          idempotencyError(
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      return send(replay.status, replay.body);
    }
    const [status, body] = route(method, url.pathname, form, stripeAccount ?? null);
    if (replayKey) idempotent.set(replayKey, { path: url.pathname, params, status, body });
    send(status, body);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    sessions,
    coupons,
    accounts,
    payments,
    subscriptions,
    invoicePayResults,
    /** What Stripe does when the customer pays on its page (and the destination charge transfers). */
    markPaid(id: string) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no fake session ${id}`);
      // An expired session's page no longer takes a card.
      if (s.status === 'expired') throw new Error(`fake session ${id} has expired`);
      if (s.payment_status === 'paid') return s; // paid once, charged once
      Object.assign(s, { payment_status: 'paid', status: 'complete', payment_intent: `pi_fake_${id}` });
      payments.set(`pi_fake_${id}`, {
        payment_intent: `pi_fake_${id}`,
        amount: s.amount_total,
        application_fee_amount: s.application_fee_amount ?? 0,
        destination: s.transfer_destination,
        refunded: 0,
        transfer_reversed: 0,
        fee_refunded: 0,
      });
      return s;
    },
    /**
     * What Stripe does when the customer subscribes on its page (subscription mode): the session completes with a
     * customer and a subscription (carrying subscription_data's metadata). Returns both, for signed events.
     */
    completeSubscription(id: string, status = 'active') {
      const s = sessions.get(id);
      if (s?.mode !== 'subscription') throw new Error(`no fake subscription session ${id}`);
      Object.assign(s, {
        payment_status: 'paid',
        status: 'complete',
        customer: s.customer ?? `cus_fake_${++counter}`,
        subscription: `sub_fake_${++counter}`,
      });
      const start = Math.floor(Date.now() / 1000);
      const subscription: FakeSubscription = {
        id: s.subscription!,
        object: 'subscription',
        customer: s.customer!,
        status,
        cancel_at_period_end: false,
        metadata: s.subscription_metadata,
        items: {
          object: 'list',
          data: [
            {
              price: { unit_amount: s.amount_total, recurring: { interval: s.recurring_interval } },
              current_period_start: start,
              current_period_end: start + 30 * 86_400,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      return { session: { ...s }, subscription };
    },
    offSessionCharges,
    decliningMethods,
    /** What Stripe does when the customer saves a card on a setup-mode page: a customer and a SetupIntent. */
    completeSetup(id: string) {
      const s = sessions.get(id);
      if (s?.mode !== 'setup') throw new Error(`no fake setup session ${id}`);
      if (s.status === 'complete') return s;
      Object.assign(s, {
        status: 'complete',
        customer: `cus_fake_${++counter}`,
        setup_intent: {
          id: `seti_fake_${++counter}`,
          object: 'setup_intent',
          payment_method: `pm_fake_${++counter}`,
          status: 'succeeded',
        },
      });
      return s;
    },
    /** What Stripe does when the owner finishes onboarding: the account can take charges and be paid out. */
    completeOnboarding(
      accountId: string,
      state: Partial<Pick<FakeAccount, 'charges_enabled' | 'payouts_enabled'>> = {},
    ) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no fake account ${accountId}`);
      Object.assign(account, {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { disabled_reason: null },
        ...state,
      });
      return account;
    },
    /** Net money a connected account received: transfers minus their reversals. */
    transferredTo(accountId: string) {
      let cents = 0;
      for (const p of payments.values()) {
        if (p.destination !== accountId) continue;
        cents += p.amount - p.application_fee_amount - p.transfer_reversed;
      }
      return cents;
    },
    /** A webhook event as Stripe would send it, signed with `secret` (Connect events carry `account`). */
    signedEvent(type: string, object: unknown, opts: { secret: string; account?: string }) {
      const payload = JSON.stringify({
        id: `evt_${++counter}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        ...(opts.account && { account: opts.account }),
        data: { object },
      });
      return {
        body: payload,
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
