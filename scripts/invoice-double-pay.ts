// Issue 24's scenario, measured (decision 0930): 20 checkouts opened on one invoice, all paid, then every return page
// (test checkout) or every signed webhook and return page at once (a fake Stripe). Prints what was captured, recorded,
// refunded, and the money neither recorded nor refunded.
//   npx tsx scripts/invoice-double-pay.ts [--checkouts=20]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { accountHooks } from '../src/server/account-hooks';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { openDatabase } from '../src/server/db/client';
import { createCustomer, updateProfile } from '../src/server/db/factories';
import { invoicePayments } from '../src/server/db/schema';
import { createTestModeAccount } from '../src/server/features/payouts/payment-accounts.service';
import { createSeoSettings } from '../src/server/features/seo/seo-settings';
import { createOutboxMailer } from '../src/server/providers/mail/mailer';
import type { PaymentProvider } from '../src/server/providers/payments/payments';
import { createStripePaymentProvider } from '../src/server/providers/payments/stripe';
import { createTestPaymentProvider } from '../src/server/providers/payments/test-checkout';
import { createLocalStorage } from '../src/server/providers/storage/local-storage';
import { startFakeStripe } from '../src/server/test/fake-stripe';

const N = Number(/--checkouts=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 20);
const ORIGIN = 'http://localhost:3000';
const SECRET = 'whsec_measure';
const fake = await startFakeStripe();
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function measure(kind: 'test' | 'stripe') {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const db = handle.db;
  const mailer = createOutboxMailer(db);
  const auth = createAuth({
    db,
    accounts: accountHooks(db),
    mailer,
    baseURL: ORIGIN,
    secret: 'measure-secret-measure-secret-0123456789',
  });
  let testRefunds = 0;
  const test = createTestPaymentProvider(db, ORIGIN);
  const payments: PaymentProvider =
    kind === 'stripe'
      ? createStripePaymentProvider({
          secretKey: 'sk_test_measure',
          webhookSecret: SECRET,
          apiBase: fake.apiBase,
        })
      : {
          ...test,
          async refund(...a) {
            testRefunds++;
            return test.refund(...a);
          },
        };
  const app = createApp({
    db,
    auth,
    mailer,
    payments,
    publicUrl: ORIGIN,
    linkSecret: 'measure-link-secret',
    supportEmail: 'support@test.local',
    trustProxy: false,
    storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'measure-'))),
    seo: createSeoSettings({ exclusiveDatabase: true }),
  });
  let ip = 0;
  const request = (path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', ORIGIN);
    headers.set('x-forwarded-for', `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return app.request(path, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  };

  const signUp = await request('/api/auth/sign-up/email', {
    method: 'POST',
    json: {
      email: `owner-${kind}@example.com`,
      password: 'correct-horse-battery',
      name: 'Ada Owner',
      firstName: 'Ada',
      lastName: 'Owner',
    },
  });
  const businessId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
  await updateProfile(db, businessId, {
    businessName: 'Test Detailing Co',
    businessEmail: 'hello@test-detailing.test',
    subscriptionTier: 'pro',
  });
  if (kind === 'test') await createTestModeAccount(db, businessId);
  else {
    await request('/api/payouts/account', { method: 'POST', cookie });
    const account = [...fake.accounts.values()].find((a) => a.metadata.business_id === businessId)!;
    const event = fake.signedEvent('account.updated', fake.completeOnboarding(account.id), {
      secret: SECRET,
      account: account.id,
    });
    await request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body,
    });
  }
  const customer = await createCustomer(db, businessId, {
    firstName: 'Noah',
    lastName: 'Kim',
    email: 'noah@example.com',
  });
  const quote = await request('/api/quotes', {
    method: 'POST',
    cookie,
    json: {
      customerId: customer.id,
      items: [{ serviceName: 'Full Detail', quantity: 1, unitPriceCents: 24000 }],
    },
  });
  const quoteId = ((await quote.json()) as { id: string }).id;
  const { publicPath } = (await (
    await request(`/api/quotes/${quoteId}/send`, { method: 'POST', cookie })
  ).json()) as { publicPath: string };
  await request(`${publicPath}/accept`, { method: 'POST' });
  const invoice = (await (
    await request(`/api/invoices/from-quote/${quoteId}`, { method: 'POST', cookie })
  ).json()) as { id: string; payPath: string };

  const sessions: string[] = [];
  for (let i = 0; i < N; i++) {
    const res = await request(`${invoice.payPath}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'none' }),
    });
    sessions.push(decodeURIComponent(res.headers.get('location')!.split('/').at(-1)!));
  }
  let captured = 0;
  for (const s of sessions) {
    if (kind === 'stripe') captured += fake.markPaid(s).amount_total;
    else {
      const res = await request(`/checkout/test/${encodeURIComponent(s)}/pay`, { method: 'POST' });
      if (res.headers.get('location')?.includes('session_id='))
        captured += (await payments.getPaymentStatus(s)).amountCents ?? 0;
    }
  }
  const returnPages = sessions.map((s) => request(`${invoice.payPath}?session_id=${encodeURIComponent(s)}`));
  const webhooks =
    kind === 'stripe'
      ? sessions.map((s) => {
          const e = fake.signedEvent(
            'checkout.session.completed',
            { ...fake.sessions.get(s)! },
            { secret: SECRET },
          );
          return request('/api/webhooks/stripe', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
            body: e.body,
          });
        })
      : [];
  await Promise.all([...returnPages, ...webhooks]);

  const recorded = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
  const recordedCents = recorded.reduce((s, p) => s + p.amountCents + p.tipCents, 0);
  const stripeRefunds = fake.refunds.filter((r) => sessions.some((s) => r.payment_intent === `pi_fake_${s}`));
  const refunds = kind === 'stripe' ? stripeRefunds.length : testRefunds;
  const refundedCents =
    kind === 'stripe' ? stripeRefunds.reduce((s, r) => s + r.amount, 0) : testRefunds * (captured / N);
  await handle.close();
  return {
    kind,
    checkouts: N,
    captured,
    payments: recorded.length,
    recordedCents,
    refunds,
    refundedCents,
    unrecorded: captured - recordedCents - refundedCents,
  };
}

for (const kind of ['test', 'stripe'] as const) {
  const m = await measure(kind);
  console.log(
    `${kind === 'test' ? 'test checkout' : 'fake Stripe  '}: ${m.checkouts} paid checkouts, ${dollars(m.captured)} captured → ` +
      `${m.payments} payment(s) recorded (${dollars(m.recordedCents)}), ${m.refunds} refund(s) (${dollars(m.refundedCents)}), ` +
      `unrecorded and unrefunded ${dollars(m.unrecorded)}`,
  );
}
await fake.close();
process.exit(0);
