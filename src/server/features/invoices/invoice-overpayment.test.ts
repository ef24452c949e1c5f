import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentCheckouts } from '../../db/schema';
import { createTestPaymentProvider } from '../../providers/payments/test-checkout';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { countingTestProvider, invoiceDriver, type RefundCall } from './invoice-checkouts.fixtures';

// Decision 0930 on the built-in test checkout: every paid checkout of an invoice ends as one recorded payment or one
// refund, whoever settles it first (the return page, the owner's cash or void), and the customer is told which.
const refunds: RefundCall[] = [];
const outage = { refunds: 0 };
const t = await createTestContext({
  payments: (db) => countingTestProvider(createTestPaymentProvider(db, TEST_ORIGIN), refunds, outage),
  jobs: 'memory',
});
const d = invoiceDriver(t, { kind: 'test', refunds });
const statusOf = async (sessionId: string) =>
  (await t.db.select().from(documentCheckouts).where(eq(documentCheckouts.providerSessionId, sessionId)))[0]!
    .status;
const count = (pages: string[], text: string) => pages.filter((p) => p.includes(text)).length;

describe('an invoice paid by card more than once (test checkout)', () => {
  it('20 checkouts paid and returning at once: one payment recorded, 19 refunded, each customer told which', {
    timeout: 120_000,
  }, async () => {
    const inv = await d.newInvoice();
    const sessions: string[] = [];
    for (let i = 0; i < 20; i++) sessions.push((await d.open(inv))!);
    expect(await Promise.all(sessions.map((s) => d.pay(inv, s)))).toEqual(sessions.map(() => true));
    const pages = await Promise.all(sessions.map((s) => d.returnPage(inv, s)));
    expect(count(pages, 'Payment received')).toBe(1);
    expect(
      count(
        pages,
        'This invoice had already been paid, so this payment was not needed: your payment of $227.85 has been refunded in full.',
      ),
    ).toBe(19);
    expect(await d.reconcile(inv)).toMatchObject({
      captured: 20 * 22785,
      recorded: 22785,
      refunded: 19 * 22785,
      recordedCount: 1,
      refundedCount: 19,
      unsettled: 0,
    });
    // Reloaded return pages change nothing and still say which.
    const again = await Promise.all(sessions.map((s) => d.returnPage(inv, s)));
    expect(count(again, 'has been refunded in full')).toBe(19);
    expect(await d.reconcile(inv)).toMatchObject({ recordedCount: 1, refundedCount: 19 });
    const mails = await t.emailsTo(inv.customerEmail);
    expect(mails.filter((m) => m.subject?.startsWith('Receipt'))).toHaveLength(1);
    expect(
      mails.filter((m) => m.subject?.startsWith('Refund from') && m.subject.endsWith(': $227.85')),
    ).toHaveLength(19);
  });

  it('cash recorded while checkouts are open: an unpaid one is closed, a paid one refunded', async () => {
    const inv = await d.newInvoice();
    const paidFirst = (await d.open(inv))!;
    const stillOpen = (await d.open(inv))!;
    expect(await d.pay(inv, paidFirst)).toBe(true);
    expect((await d.cash(inv)).status).toBe(201);
    expect(await statusOf(paidFirst)).toBe('refunded');
    expect(await statusOf(stillOpen)).toBe('cancelled');
    // The closed checkout takes no card.
    expect(await d.pay(inv, stillOpen)).toBe(false);
    const closed = await t.request(`/checkout/test/${stillOpen}/pay`, { method: 'POST' });
    expect(await closed.text()).toContain('This checkout is closed; nothing was charged');
    expect(await d.returnPage(inv, paidFirst)).toContain(
      'This invoice had already been paid, so this payment was not needed',
    );
    expect(await d.reconcile(inv)).toMatchObject({ recordedCount: 0, refundedCount: 1, unsettled: 0 });
  });

  it('part paid in cash while a checkout of the old balance is paid: refunded, and the new balance can be paid', async () => {
    const inv = await d.newInvoice();
    const old = (await d.open(inv))!;
    expect(await d.pay(inv, old)).toBe(true);
    expect((await d.cash(inv, 2785)).status).toBe(201);
    const page = await d.returnPage(inv, old);
    expect(page).toContain(
      'A payment was recorded on this invoice while you were paying, so the amount due changed',
    );
    expect(page).toContain('Pay $200.00');
    const rest = (await d.open(inv))!;
    expect(await d.pay(inv, rest)).toBe(true);
    expect(await d.returnPage(inv, rest)).toContain('Payment received');
    expect(await d.reconcile(inv)).toMatchObject({ recorded: 20000, refunded: 22785, unsettled: 0 });
  });

  it('void while checkouts are open: an unpaid one is closed, a paid one refunded, the customer told it was voided', async () => {
    const inv = await d.newInvoice();
    const paidFirst = (await d.open(inv))!;
    const stillOpen = (await d.open(inv))!;
    expect(await d.pay(inv, paidFirst)).toBe(true);
    expect((await d.voidInvoice(inv)).status).toBe(200);
    expect(await statusOf(stillOpen)).toBe('cancelled');
    expect(await d.pay(inv, stillOpen)).toBe(false);
    expect(await d.returnPage(inv, paidFirst)).toContain(
      'This invoice was voided, so nothing is due: your payment of $227.85 has been refunded in full.',
    );
    expect(await d.reconcile(inv)).toMatchObject({ recordedCount: 0, refundedCount: 1, unsettled: 0 });
  });

  it('a refund the provider refuses is retried in the background until it goes through, once', async () => {
    const inv = await d.newInvoice();
    const [a, b] = [(await d.open(inv))!, (await d.open(inv))!];
    await d.pay(inv, a);
    await d.pay(inv, b);
    // Down for the refund tried when a's payment closes the stale checkouts, and for b's return page.
    outage.refunds = 2;
    expect(await d.returnPage(inv, a)).toContain('Payment received');
    expect(await d.returnPage(inv, b)).toContain('your payment of $227.85 will be refunded in full shortly');
    expect(await statusOf(b)).toBe('paid');
    expect(await d.reconcile(inv).catch(() => null)).toBeNull(); // not settled yet
    await t.memoryJobs!.drain();
    expect(await statusOf(b)).toBe('refunded');
    expect(refunds.filter((r) => r.sessionId === b)).toHaveLength(1);
    expect(await d.reconcile(inv)).toMatchObject({ recordedCount: 1, refundedCount: 1, unsettled: 0 });
  });
});
