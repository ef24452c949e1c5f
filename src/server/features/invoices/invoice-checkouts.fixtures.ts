import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createCustomer, updateProfile } from '../../db/factories';
import { documentCheckouts, invoicePayments, invoices, ledgerEntries } from '../../db/schema';
import type { PaymentProvider } from '../../providers/payments/payments';
import type { startFakeStripe } from '../../test/fake-stripe';
import type { createTestContext } from '../../test/harness';
import { createTestModeAccount } from '../payouts/payment-accounts.service';
import { onboardOnFakeStripe, postStripeWebhook } from '../payouts/payouts.fixtures';

// One invoice paid by card through the test checkout or a fake Stripe, driven as customers, the owner and Stripe
// would (decision 0930), and the reconciliation every test of it ends with: each captured charge is exactly one
// recorded payment or one refund at the provider, and the invoice and the business's ledger agree with them.

type Ctx = Awaited<ReturnType<typeof createTestContext>>;
type Fake = Awaited<ReturnType<typeof startFakeStripe>>;
export type Mode = { kind: 'test'; refunds: RefundCall[] } | { kind: 'stripe'; fake: Fake; secret: string };
export interface RefundCall {
  sessionId: string;
}

/**
 * The test checkout with its refund calls counted (it moves no money, so the calls are its refunds); `outage.refunds`
 * makes that many refund calls fail first, as a provider that is down would.
 */
export function countingTestProvider(
  inner: PaymentProvider,
  refunds: RefundCall[],
  outage = { refunds: 0 },
): PaymentProvider {
  return {
    ...inner,
    async refund(sessionId, paymentReference, request) {
      if (outage.refunds > 0) {
        outage.refunds--;
        throw new Error('The payment provider is unavailable');
      }
      const result = await inner.refund(sessionId, paymentReference, request);
      refunds.push({ sessionId });
      return result;
    },
  };
}

export interface Business {
  ownerCookie: string;
  businessId: string;
  /** The connected account at the fake Stripe (null in test mode). */
  accountId: string | null;
  customerId: string;
  customerEmail: string;
}

export interface PaidInvoice extends Business {
  invoiceId: string;
  payPath: string;
  totalCents: number;
  /** Every checkout opened, and what its card was charged (0 until paid). */
  checkouts: Map<string, number>;
}

const sessionOf = (location: string) => {
  const test = /\/checkout\/test\/([^/?]+)/.exec(location);
  return decodeURIComponent(test ? test[1]! : location.split('/').at(-1)!);
};

export function invoiceDriver(t: Ctx, mode: Mode) {
  /** A business taking cards: test mode, or onboarded on the fake Stripe. */
  async function newBusiness(): Promise<Business> {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, {
      businessName: 'Test Detailing Co',
      businessEmail: 'hello@test-detailing.test',
    });
    const accountId =
      mode.kind === 'stripe' ? await onboardOnFakeStripe(t, mode.fake, owner, mode.secret) : null;
    if (mode.kind === 'test') await createTestModeAccount(t.db, owner.userId);
    const customerEmail = `noah-${owner.userId.slice(0, 8)}@example.com`;
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Noah',
      lastName: 'Kim',
      email: customerEmail,
    });
    return {
      ownerCookie: owner.cookie,
      businessId: owner.userId,
      accountId,
      customerId: customer.id,
      customerEmail,
    };
  }

  /** One unpaid invoice of $227.85 (a quote sent, accepted and invoiced), of a new business unless given one. */
  async function newInvoice(business?: Business): Promise<PaidInvoice> {
    const biz = business ?? (await newBusiness());
    const quote = await t.request('/api/quotes', {
      method: 'POST',
      cookie: biz.ownerCookie,
      json: {
        customerId: biz.customerId,
        items: [
          { serviceName: 'Premium Detail', quantity: 1, unitPriceCents: 12000 },
          { serviceName: 'Clay bar', quantity: 2, unitPriceCents: 4500 },
        ],
      },
    });
    expect(quote.status).toBe(201);
    const { id: quoteId } = (await quote.json()) as { id: string };
    const sent = await t.request(`/api/quotes/${quoteId}/send`, { method: 'POST', cookie: biz.ownerCookie });
    expect(sent.status).toBe(200);
    const { publicPath } = (await sent.json()) as { publicPath: string };
    expect((await t.request(`${publicPath}/accept`, { method: 'POST' })).status).toBe(303);
    const issued = await t.request(`/api/invoices/from-quote/${quoteId}`, {
      method: 'POST',
      cookie: biz.ownerCookie,
    });
    expect(issued.status).toBe(201);
    const inv = (await issued.json()) as { id: string; payPath: string; totalCents: number };
    return {
      ...biz,
      invoiceId: inv.id,
      payPath: inv.payPath,
      totalCents: inv.totalCents,
      checkouts: new Map(),
    };
  }

  /** The customer presses "Pay now" (no tip): a checkout of the balance then due, or the page's refusal. */
  async function open(inv: PaidInvoice) {
    const res = await t.request(`${inv.payPath}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'none' }),
    });
    if (res.status !== 303) return null;
    const sessionId = sessionOf(res.headers.get('location')!);
    inv.checkouts.set(sessionId, 0);
    return sessionId;
  }

  /** The customer pays on the provider's page; false when the page no longer takes a card. */
  async function pay(inv: PaidInvoice, sessionId: string) {
    if (mode.kind === 'stripe') {
      const session = mode.fake.sessions.get(sessionId)!;
      if (session.status === 'expired') return false;
      mode.fake.markPaid(sessionId);
      inv.checkouts.set(sessionId, session.amount_total);
      return true;
    }
    const res = await t.request(`/checkout/test/${encodeURIComponent(sessionId)}/pay`, { method: 'POST' });
    const paid = res.status === 303 && res.headers.get('location')!.includes('session_id=');
    if (paid && inv.checkouts.get(sessionId) === 0) {
      const [row] = await t.db
        .select()
        .from(documentCheckouts)
        .where(eq(documentCheckouts.providerSessionId, sessionId));
      inv.checkouts.set(sessionId, row!.amountCents + row!.tipCents);
    }
    return paid;
  }

  /** The customer's browser comes back from the provider; returns the page's HTML. */
  async function returnPage(inv: PaidInvoice, sessionId: string) {
    const res = await t.request(`${inv.payPath}?session_id=${encodeURIComponent(sessionId)}`);
    expect(res.status).toBe(200);
    return res.text();
  }

  /** Stripe's signed checkout.session.completed for the session as Stripe holds it; the same body when replayed. */
  function webhookEvent(sessionId: string) {
    if (mode.kind !== 'stripe') throw new Error('webhooks come from Stripe');
    return mode.fake.signedEvent(
      'checkout.session.completed',
      { ...mode.fake.sessions.get(sessionId)! },
      { secret: mode.secret },
    );
  }
  async function deliver(event: { body: string; signature: string }) {
    const res = await postStripeWebhook(t, event.body, event.signature);
    expect(res.status).toBe(200);
    return res.json();
  }

  const owner = (inv: PaidInvoice, path: string, json?: unknown) =>
    t.request(`/api/invoices/${inv.invoiceId}${path}`, {
      method: 'POST',
      cookie: inv.ownerCookie,
      ...(json !== undefined && { json }),
    });

  /** The owner records cash: the whole balance, or `cents` of it. */
  async function cash(inv: PaidInvoice, cents?: number) {
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.invoiceId));
    const balance = row!.totalCents - row!.paidCents;
    return owner(inv, '/payments', { method: 'cash', amountCents: cents ?? balance });
  }
  const voidInvoice = (inv: PaidInvoice) => owner(inv, '/void');

  /** Refunds the provider made, per session (Stripe: its refunds of the session's payment intent). */
  function refundsBySession(inv: PaidInvoice) {
    const bySession = new Map<string, number[]>();
    for (const sessionId of inv.checkouts.keys()) bySession.set(sessionId, []);
    if (mode.kind === 'stripe') {
      for (const r of mode.fake.refunds) {
        const sessionId = r.payment_intent.replace(/^pi_fake_/, '');
        bySession.get(sessionId)?.push(r.amount);
      }
    } else {
      for (const r of mode.refunds) bySession.get(r.sessionId)?.push(inv.checkouts.get(r.sessionId)!);
    }
    return bySession;
  }

  /**
   * The reconciliation: Σ captured = Σ recorded card payments + Σ refunds, each paid checkout exactly one of them
   * (and at most one refund call), nothing for an unpaid one; the invoice's sums are its payments'; the ledger holds
   * the recorded card payments and nothing of the refunded ones (with Stripe, what reached the business's account).
   */
  async function reconcile(inv: PaidInvoice) {
    const sessions = [...inv.checkouts.keys()];
    const payments = await t.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, inv.invoiceId));
    const rows = sessions.length
      ? await t.db
          .select()
          .from(documentCheckouts)
          .where(inArray(documentCheckouts.providerSessionId, sessions))
      : [];
    const refunds = refundsBySession(inv);
    const figures = {
      captured: 0,
      recorded: 0,
      refunded: 0,
      recordedCount: 0,
      refundedCount: 0,
      unsettled: 0,
    };
    for (const sessionId of sessions) {
      const captured = inv.checkouts.get(sessionId)!;
      const recorded = payments
        .filter((p) => p.providerSessionId === sessionId)
        .map((p) => p.amountCents + p.tipCents);
      const refunded = refunds.get(sessionId)!;
      const row = rows.find((r) => r.providerSessionId === sessionId)!;
      const sum = (a: number[]) => a.reduce((s, n) => s + n, 0);
      figures.captured += captured;
      figures.recorded += sum(recorded);
      figures.refunded += sum(refunded);
      figures.recordedCount += recorded.length;
      figures.refundedCount += refunded.length;
      if (captured > 0 && recorded.length + refunded.length === 0) figures.unsettled += captured;
      const settledAs = { sessionId, captured, recorded, refunded, status: row.status };
      if (captured === 0) expect(settledAs).toEqual({ ...settledAs, recorded: [], refunded: [] });
      else if (recorded.length > 0)
        expect(settledAs).toEqual({ ...settledAs, recorded: [captured], refunded: [], status: 'completed' });
      else
        expect(settledAs).toEqual({ ...settledAs, recorded: [], refunded: [captured], status: 'refunded' });
      if (row.status === 'refunded') expect(row.refundedAt).not.toBeNull();
    }
    expect(figures.captured).toBe(figures.recorded + figures.refunded);

    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, inv.invoiceId));
    expect(invoice!.paidCents).toBe(payments.reduce((s, p) => s + p.amountCents, 0));
    expect(invoice!.tipCents).toBe(payments.reduce((s, p) => s + p.tipCents, 0));
    expect(invoice!.paidCents).toBeLessThanOrEqual(invoice!.totalCents);
    if (invoice!.status === 'void') expect(payments).toEqual([]);
    // The business's ledger for this invoice: its recorded card payments, nothing of the refunded ones.
    const card = payments.filter((p) => p.method === 'card');
    const ledger = await t.db
      .select({
        kind: ledgerEntries.kind,
        cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.documentId, inv.invoiceId))
      .groupBy(ledgerEntries.kind);
    const of = (kind: string) => ledger.find((l) => l.kind === kind)?.cents ?? 0;
    expect({ charged: of('charge') + of('tip'), refund: of('refund'), feeRefund: of('fee_refund') }).toEqual({
      charged: card.reduce((s, p) => s + p.amountCents + p.tipCents, 0),
      refund: 0,
      feeRefund: 0,
    });
    if (mode.kind === 'stripe') {
      // What reached the business's Stripe account for these sessions, net of reversals, is the ledger's net.
      let transferred = 0;
      for (const sessionId of sessions) {
        const p = mode.fake.payments.get(`pi_fake_${sessionId}`);
        if (p) transferred += p.amount - p.application_fee_amount - p.transfer_reversed;
      }
      expect(transferred).toBe(of('charge') + of('tip') + of('fee'));
    }
    return figures;
  }

  return {
    newBusiness,
    newInvoice,
    open,
    pay,
    returnPage,
    webhookEvent,
    deliver,
    cash,
    voidInvoice,
    reconcile,
    refundsBySession,
  };
}
