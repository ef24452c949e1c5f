import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createStripePaymentProvider } from '../../providers/payments/stripe';
import { createTestPaymentProvider } from '../../providers/payments/test-checkout';
import { startFakeStripe } from '../../test/fake-stripe';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import {
  type Business,
  countingTestProvider,
  invoiceDriver,
  type PaidInvoice,
  type RefundCall,
} from './invoice-checkouts.fixtures';

// Decision 0930, by random interleavings: customers open checkouts of one invoice and pay them, return pages and
// Stripe's webhooks (and its replays) arrive, the owner records cash (all or part) or voids — several at once in a
// step. Once every paid checkout has been notified (Stripe retries until answered), each captured charge is exactly
// one recorded payment or one refund, and the invoice, the ledger and the provider's refunds reconcile.
// `INVOICE_PROPERTY_RUNS` runs more (default 6 per provider).
const RUNS = Number(process.env.INVOICE_PROPERTY_RUNS ?? 6);

type Action =
  | { kind: 'open' }
  | { kind: 'pay' | 'return' | 'webhook' | 'replay'; pick: number }
  | { kind: 'cash'; part: boolean }
  | { kind: 'void' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'open' as const }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(9) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('return' as const), pick: fc.nat(9) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('webhook' as const), pick: fc.nat(9) }), weight: 2 },
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat(9) }),
  fc.record({ kind: fc.constant('cash' as const), part: fc.boolean() }),
  fc.constant({ kind: 'void' as const }),
);
/** Steps run one after another; the actions of a step run at once. */
const stepsArb = fc.array(fc.array(actionArb, { minLength: 1, maxLength: 3 }), {
  minLength: 3,
  maxLength: 7,
});

const fake = await startFakeStripe();
afterAll(() => fake.close());
const SECRET = 'whsec_invoice_property';
const refunds: RefundCall[] = [];
const contexts = {
  test: await createTestContext({
    payments: (db) => countingTestProvider(createTestPaymentProvider(db, TEST_ORIGIN), refunds),
  }),
  stripe: await createTestContext({
    payments: () =>
      createStripePaymentProvider({
        secretKey: 'sk_test_fake_property',
        webhookSecret: SECRET,
        apiBase: fake.apiBase,
      }),
  }),
};

describe.each(['test', 'stripe'] as const)('invoice card payments reconcile (%s)', (kind) => {
  const t = contexts[kind];
  const d = invoiceDriver(t, kind === 'stripe' ? { kind, fake, secret: SECRET } : { kind, refunds });
  let business: Business | undefined;

  it(`over ${RUNS} random interleavings every captured charge is one recorded payment or one refund`, {
    timeout: 60_000 + RUNS * 30_000,
  }, async () => {
    business ??= await d.newBusiness();
    await fc.assert(
      fc.asyncProperty(stepsArb, async (steps) => {
        const inv = await d.newInvoice(business);
        const sessions: string[] = [];
        const delivered: Array<{ body: string; signature: string }> = [];
        const picked = (pick: number) => sessions[pick % sessions.length];

        // In test mode there are no webhooks: the return page is the only notification, so they stand in for them.
        async function notify(sessionId: string) {
          if (kind === 'test') return d.returnPage(inv, sessionId);
          if (fake.sessions.get(sessionId)!.payment_status !== 'paid') return; // Stripe sends nothing for unpaid ones
          const event = d.webhookEvent(sessionId);
          delivered.push(event);
          return d.deliver(event);
        }

        async function run(action: Action, inv: PaidInvoice) {
          if (action.kind === 'open') {
            const sessionId = await d.open(inv);
            if (sessionId) sessions.push(sessionId);
            return;
          }
          if (action.kind === 'cash') {
            const res = await d.cash(inv, action.part ? 1000 : undefined);
            expect([201, 400, 409]).toContain(res.status); // more than the balance (400), a void invoice (409)
            return;
          }
          if (action.kind === 'void') {
            expect([200, 409]).toContain((await d.voidInvoice(inv)).status);
            return;
          }
          if (action.kind === 'replay') {
            const event = delivered[action.pick % Math.max(1, delivered.length)];
            if (event) await d.deliver(event);
            else if (kind === 'test' && sessions.length) await d.returnPage(inv, picked(action.pick)!);
            return;
          }
          const sessionId = picked(action.pick);
          if (!sessionId) return;
          if (action.kind === 'pay') await d.pay(inv, sessionId);
          else if (action.kind === 'return') await d.returnPage(inv, sessionId);
          else await notify(sessionId);
        }

        for (const step of steps) await Promise.all(step.map((action) => run(action, inv)));
        // Eventually every paid checkout is notified.
        for (const [sessionId, captured] of inv.checkouts) if (captured > 0) await notify(sessionId);
        const figures = await d.reconcile(inv);
        expect(figures.unsettled).toBe(0);
        expect(figures.recorded).toBeLessThanOrEqual(inv.totalCents);
      }),
      { numRuns: RUNS },
    );
  });
});
