import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentCheckouts } from '../../db/schema';
import { createStripeTestContext } from '../../test/stripe-context';
import { invoiceDriver } from './invoice-checkouts.fixtures';

// Decision 0930 against a local fake Stripe: destination charges, signed webhooks racing the return pages and
// replayed, sessions expired when the owner is paid in cash or voids. Every captured charge ends as one recorded
// payment or one refund (reversing the transfer and the fee), and the connected account holds what the ledger says.
const SECRET = 'whsec_invoice_overpayment';
const { t, fake } = await createStripeTestContext({ webhookSecret: SECRET });
const d = invoiceDriver(t, { kind: 'stripe', fake, secret: SECRET });
const count = (pages: string[], text: string) => pages.filter((p) => p.includes(text)).length;

describe('an invoice paid by card more than once (Stripe)', () => {
  it('20 sessions paid, webhooks and return pages at once, then replayed: one payment, 19 refunds at Stripe', {
    timeout: 120_000,
  }, async () => {
    const inv = await d.newInvoice();
    const sessions: string[] = [];
    for (let i = 0; i < 20; i++) sessions.push((await d.open(inv))!);
    for (const s of sessions) await d.pay(inv, s);
    const events = sessions.map((s) => d.webhookEvent(s));
    const [pages] = await Promise.all([
      Promise.all(sessions.map((s) => d.returnPage(inv, s))),
      Promise.all(events.map((e) => d.deliver(e))),
    ]);
    expect(count(pages, 'Payment received')).toBe(1);
    expect(count(pages, 'Payment received') + count(pages, 'has been refunded in full')).toBe(20);
    await Promise.all(events.map((e) => d.deliver(e)));
    expect(await d.reconcile(inv)).toMatchObject({
      captured: 20 * 22785,
      recorded: 22785,
      refunded: 19 * 22785,
      recordedCount: 1,
      refundedCount: 19,
      unsettled: 0,
    });
    // Each refund takes the money back from the business and returns the platform's fee, once per session.
    const refunds = fake.refunds.filter((r) => sessions.includes(r.payment_intent.replace('pi_fake_', '')));
    expect(refunds.every((r) => r.reverse_transfer && r.refund_application_fee)).toBe(true);
    const keys = fake.requests
      .filter(
        (r) => r.path === '/v1/refunds' && sessions.some((s) => r.form.payment_intent === `pi_fake_${s}`),
      )
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(
      new Set(refunds.map((r) => `refund-${r.payment_intent.replace('pi_fake_', '')}`)),
    );
  });

  it('cash recorded while sessions are open: the unpaid one expires at Stripe, the paid one is refunded before its webhook', async () => {
    const inv = await d.newInvoice();
    const paidFirst = (await d.open(inv))!;
    const stillOpen = (await d.open(inv))!;
    await d.pay(inv, paidFirst);
    expect((await d.cash(inv)).status).toBe(201);
    const expire = fake.requests.filter((r) => r.path === `/v1/checkout/sessions/${stillOpen}/expire`);
    expect(expire.map((r) => r.idempotencyKey)).toEqual([`expire-${stillOpen}`]);
    expect(fake.sessions.get(stillOpen)!.status).toBe('expired');
    expect(await d.pay(inv, stillOpen)).toBe(false);
    const event = d.webhookEvent(paidFirst);
    expect(await d.deliver(event)).toEqual({ received: true });
    await d.deliver(event);
    expect(await d.returnPage(inv, paidFirst)).toContain(
      'This invoice had already been paid, so this payment was not needed',
    );
    expect(await d.reconcile(inv)).toMatchObject({ recordedCount: 0, refundedCount: 1, unsettled: 0 });
  });

  it('void while sessions are open: the unpaid one expires at Stripe, a paid one whose webhook comes after is refunded', async () => {
    const inv = await d.newInvoice();
    const paidFirst = (await d.open(inv))!;
    const stillOpen = (await d.open(inv))!;
    await d.pay(inv, paidFirst);
    expect((await d.voidInvoice(inv)).status).toBe(200);
    expect(fake.sessions.get(stillOpen)!.status).toBe('expired');
    expect(await d.pay(inv, stillOpen)).toBe(false);
    const event = d.webhookEvent(paidFirst);
    await Promise.all([d.deliver(event), d.deliver(event), d.returnPage(inv, paidFirst)]);
    expect(await d.returnPage(inv, paidFirst)).toContain(
      'This invoice was voided, so nothing is due: your payment of $227.85 has been refunded in full.',
    );
    expect(await d.reconcile(inv)).toMatchObject({ recordedCount: 0, refundedCount: 1, unsettled: 0 });
  });

  it('a session paid at Stripe after the void (it escaped expiry) is refunded by its webhook', async () => {
    const inv = await d.newInvoice();
    const late = (await d.open(inv))!;
    expect((await d.voidInvoice(inv)).status).toBe(200);
    // As if the customer's checkout was opened while the void ran: open at Stripe and here, missed by the expiry.
    fake.sessions.get(late)!.status = 'open';
    await t.db
      .update(documentCheckouts)
      .set({ status: 'open' })
      .where(eq(documentCheckouts.providerSessionId, late));
    await d.pay(inv, late);
    expect(await d.deliver(d.webhookEvent(late))).toEqual({ received: true });
    expect(await d.reconcile(inv)).toMatchObject({ recordedCount: 0, refundedCount: 1, unsettled: 0 });
  });
});
