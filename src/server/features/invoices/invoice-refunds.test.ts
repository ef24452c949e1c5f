import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, invoices, ledgerEntries, loyaltyRewards, loyaltyTransactions } from '../../db/schema';
import { createStripeTestContext } from '../../test/stripe-context';
import { appendPoints } from '../loyalty/points-ledger';
import { invoiceDriver, type PaidInvoice } from './invoice-checkouts.fixtures';
import { applyPayment } from './invoices.service';

// The owner's refunds of a paid invoice (docs/decisions/1190), against the local fake Stripe: the transfer reversed
// and the fee returned in proportion (as a cancelled booking's refund), the ledger and the invoice agreeing, never
// more than was paid (also when two refunds race), once per refund id, another business's invoice a 404.
const SECRET = 'whsec_invoice_refunds';
const { t, fake } = await createStripeTestContext({ webhookSecret: SECRET });
const d = invoiceDriver(t, { kind: 'stripe', fake, secret: SECRET });

/** An invoice of $227.85 paid by card at the fake Stripe. */
async function paidInvoice() {
  const inv = await d.newInvoice();
  const session = (await d.open(inv))!;
  await d.pay(inv, session);
  await d.returnPage(inv, session);
  return { inv, session };
}

/** A refund as the web app sends it: the amount and reason, and the form's Idempotency-Key. */
const refund = (
  inv: PaidInvoice,
  { idempotencyKey, ...json }: { idempotencyKey?: string } & Record<string, unknown>,
  cookie = inv.ownerCookie,
) =>
  t.request(`/api/invoices/${inv.invoiceId}/refunds`, {
    method: 'POST',
    cookie,
    json,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });

async function ledgerOf(invoiceId: string) {
  const rows = await t.db
    .select({
      kind: ledgerEntries.kind,
      cents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.documentId, invoiceId))
    .groupBy(ledgerEntries.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.cents]));
}

describe('refunding a paid invoice', () => {
  it('in part, then the rest: reversed at Stripe with the fee in proportion, ledger and status agree, a receipt each', async () => {
    const { inv, session } = await paidInvoice();
    const first = randomUUID();
    const res = await refund(inv, { idempotencyKey: first, amountCents: 5_000, reason: 'Missed a spot' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({
      status: 'partially_refunded',
      paidCents: 22_785,
      refundedCents: 5_000,
      refunds: [{ amountCents: 5_000, reason: 'Missed a spot' }],
    });
    const payment = fake.payments.get(`pi_fake_${session}`)!;
    expect(fake.refunds.filter((r) => r.payment_intent === payment.payment_intent)).toMatchObject([
      { amount: 5_000, reverse_transfer: true, refund_application_fee: true },
    ]);
    // The ledger's fee returned is Stripe's, to the cent; what reached the business is the ledger's net.
    let ledger = await ledgerOf(inv.invoiceId);
    expect(ledger.refund).toBe(-5_000);
    expect(ledger.fee_refund).toBe(payment.fee_refunded);
    expect(payment.amount - payment.application_fee_amount - payment.transfer_reversed).toBe(
      ledger.charge! + (ledger.tip ?? 0) + ledger.fee! + ledger.refund! + ledger.fee_refund!,
    );
    const [mail] = await t.emailsTo(inv.customerEmail);
    expect(mail!.subject).toBe('Refund from Test Detailing Co: $50.00');
    expect(mail!.body).toContain('Test Detailing Co has refunded $50.00 to you (Missed a spot).');

    // Replayed (a lost answer): the same invoice, no second refund anywhere.
    const replay = await refund(inv, { idempotencyKey: first, amountCents: 5_000, reason: 'Missed a spot' });
    expect(replay.status).toBe(200);
    expect((await replay.json()).refundedCents).toBe(5_000);
    expect(fake.refunds.filter((r) => r.payment_intent === payment.payment_intent)).toHaveLength(1);
    expect(
      (await t.emailsTo(inv.customerEmail)).filter((m) => m.subject?.startsWith('Refund from')),
    ).toHaveLength(1);
    // The same id for another amount is refused.
    expect((await refund(inv, { idempotencyKey: first, amountCents: 1 })).status).toBe(409);

    // More than is left: refused with the figure, nothing moves.
    const over = await refund(inv, { idempotencyKey: randomUUID(), amountCents: 17_786 });
    expect(over.status).toBe(400);
    expect((await over.json()).error.message).toBe(
      'The refund is more than what was paid: at most $177.85 can be refunded',
    );

    const rest = await refund(inv, { idempotencyKey: randomUUID(), amountCents: 17_785 });
    expect(rest.status).toBe(201);
    expect(await rest.json()).toMatchObject({ status: 'refunded', refundedCents: 22_785 });
    ledger = await ledgerOf(inv.invoiceId);
    expect(ledger.refund).toBe(-22_785);
    // Refunded in full: the whole fee is back, the business keeps nothing of the payment.
    expect(ledger.fee_refund).toBe(-ledger.fee!);
    expect(payment.transfer_reversed).toBe(payment.amount - payment.application_fee_amount);
    const again = await refund(inv, { idempotencyKey: randomUUID(), amountCents: 1 });
    expect(again.status).toBe(409);
  });

  it('two refunds at once never give back more than was paid', async () => {
    const { inv, session } = await paidInvoice();
    const results = await Promise.all(
      [0, 1, 2].map(() => refund(inv, { idempotencyKey: randomUUID(), amountCents: 12_000 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.invoiceId));
    expect(row).toMatchObject({ refundedCents: 12_000, status: 'partially_refunded' });
    const atStripe = fake.refunds.filter((r) => r.payment_intent === `pi_fake_${session}`);
    expect(atStripe.reduce((s, r) => s + r.amount, 0)).toBe(12_000);
    expect((await ledgerOf(inv.invoiceId)).refund).toBe(-12_000);
  });

  it('refuses what is not the owner’s to refund: another business’s invoice 404, an unpaid one 409, a bad amount 400', async () => {
    const { inv } = await paidInvoice();
    const other = await d.newInvoice();
    expect(
      (await refund(inv, { idempotencyKey: randomUUID(), amountCents: 100 }, other.ownerCookie)).status,
    ).toBe(404);
    expect((await refund(other, { idempotencyKey: randomUUID(), amountCents: 100 })).status).toBe(409);
    expect((await refund(inv, { idempotencyKey: randomUUID(), amountCents: 0 })).status).toBe(400);
    expect((await refund(inv, { idempotencyKey: randomUUID(), amountCents: 10.5 })).status).toBe(400);
    expect((await refund(inv, { idempotencyKey: 'x'.repeat(201), amountCents: 100 })).status).toBe(400);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.invoiceId));
    expect(row!.refundedCents).toBe(0);
  });

  it('cash given back by the business, and a full refund returns the points of a reward redeemed on the invoice', async () => {
    const inv = await d.newInvoice();
    const [reward] = await t.db
      .select()
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.businessId, inv.businessId));
    // A reward of $10 redeemed on the invoice (as the pay page does), then the rest in cash.
    await appendPoints(t.db, {
      businessId: inv.businessId,
      customerId: inv.customerId,
      type: 'adjusted',
      source: 'owner',
      points: reward!.pointsRequired,
      description: 'Opening balance',
    });
    await t.db.transaction(async (tx) => {
      const applied = await applyPayment(tx, inv.invoiceId, {
        method: 'loyalty',
        amountCents: 1_000,
        tipCents: 0,
      });
      const spent = await appendPoints(tx, {
        businessId: inv.businessId,
        customerId: inv.customerId,
        type: 'redeemed',
        source: 'reward',
        points: -reward!.pointsRequired,
        description: 'Redeemed',
        rewardId: reward!.id,
      });
      await tx.execute(
        sql`update invoice_payments set loyalty_transaction_id = ${spent.id} where id = ${applied!.payment.id}`,
      );
    });
    expect((await d.cash(inv)).status).toBe(201);
    const points = async () =>
      (await t.db.select().from(customers).where(eq(customers.id, inv.customerId)))[0]!.loyaltyPoints;
    expect(await points()).toBe(0);

    // Part of the cash: no points yet. The rest: the invoice is refunded and the points are back, once.
    expect((await refund(inv, { idempotencyKey: randomUUID(), amountCents: 785 })).status).toBe(201);
    expect(await points()).toBe(0);
    const over = await refund(inv, { idempotencyKey: randomUUID(), amountCents: 21_001 });
    expect((await over.json()).error.message).toContain('at most $210.00');
    const res = await refund(inv, { idempotencyKey: randomUUID(), amountCents: 21_000 });
    expect(await res.json()).toMatchObject({
      status: 'refunded',
      refundedCents: 21_785,
      refunds: [{ pointsReturned: 0 }, { pointsReturned: reward!.pointsRequired }],
    });
    expect(await points()).toBe(reward!.pointsRequired);
    const returned = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.customerId, inv.customerId));
    expect(returned.filter((e) => e.type === 'reversed')).toHaveLength(1);
    // Nothing went to Stripe for cash, and the ledger has no refund of it.
    expect((await ledgerOf(inv.invoiceId)).refund).toBeUndefined();
  });
});
