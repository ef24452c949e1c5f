import { describe, expect, it } from 'vitest';
import { crashes, messageRows, sweep } from '../../test/crash';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { completeInvoicePayment, completeQuoteDeposit } from './document-payments.service';
import { invoiceDriver } from './invoice-checkouts.fixtures';

// Card payments' messages survive a process killed right after their write (decisions 1331, 1356): the receipt commits
// with the payment (an invoice's or a quote's deposit), the refund notice of an unneeded payment with the refund's
// record; the automations tick delivers each once, and the return page or webhook again writes nothing more.

const t = await createTestContext();
const { dieAfterCommit } = crashes(t.db);
const d = invoiceDriver(t, { kind: 'test', refunds: [] });
const mailsTo = async (email: string, subject: string) =>
  (await t.emailsTo(email)).filter((m) => m.subject?.startsWith(subject));

describe('a card payment of an invoice', () => {
  it('receipt, and the refund notice of a second payment not needed: each once after a crash', async () => {
    const inv = await d.newInvoice();
    const first = (await d.open(inv))!;
    const second = (await d.open(inv))!;
    expect(await d.pay(inv, first)).toBe(true);
    expect(await d.pay(inv, second)).toBe(true);

    // The first payment's return: recorded with its receipt, then the process dies.
    await dieAfterCommit(() => completeInvoicePayment(t.deps, first));
    const receipts = () => messageRows(t.db, inv.businessId, 'receipt', 'invoice-payment:');
    expect((await receipts()).map((r) => r.status)).toEqual(['pending']);
    // The second's return: the refund is claimed (1), made, recorded with the notice (2), then the process dies.
    await dieAfterCommit(() => completeInvoicePayment(t.deps, second), 2);
    const notices = () => messageRows(t.db, inv.businessId, 'receipt', `refund:`);
    expect((await notices()).map((r) => r.status)).toEqual(['pending']);

    await sweep(t.deps);
    expect(await mailsTo(inv.customerEmail, 'Receipt')).toHaveLength(1);
    expect(await mailsTo(inv.customerEmail, 'Refund from')).toHaveLength(1);
    // Both return pages again (or their webhooks): nothing more written or sent.
    expect(await completeInvoicePayment(t.deps, first)).toMatchObject({
      outcome: 'recorded',
      created: false,
    });
    expect(await completeInvoicePayment(t.deps, second)).toMatchObject({
      outcome: 'refunded',
      created: false,
    });
    await sweep(t.deps);
    expect(await receipts()).toHaveLength(1);
    expect(await notices()).toHaveLength(1);
    expect(await mailsTo(inv.customerEmail, 'Receipt')).toHaveLength(1);
    expect(await mailsTo(inv.customerEmail, 'Refund from')).toHaveLength(1);
  });
});

describe("a quote's deposit", () => {
  it('commits its receipt with the accepted quote: after a crash right after it, sent once', async () => {
    const biz = await d.newBusiness();
    const quote = await t.request('/api/quotes', {
      method: 'POST',
      cookie: biz.ownerCookie,
      json: {
        customerId: biz.customerId,
        items: [{ serviceName: 'Premium Detail', quantity: 1, unitPriceCents: 12000 }],
        deposit: { kind: 'percent', percentBps: 2500 },
      },
    });
    expect(quote.status, await quote.clone().text()).toBe(201);
    const { id } = (await quote.json()) as { id: string };
    const sent = await t.request(`/api/quotes/${id}/send`, { method: 'POST', cookie: biz.ownerCookie });
    const { publicPath } = (await sent.json()) as { publicPath: string };
    const start = await t.request(`${publicPath}/deposit`, { method: 'POST' });
    expect(start.status).toBe(303);
    const checkout = start.headers.get('location')!.replace(TEST_ORIGIN, '');
    const paid = await t.request(`${checkout}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    const sessionId = decodeURIComponent(/\/checkout\/test\/([^/?]+)/.exec(checkout)![1]!);

    await dieAfterCommit(() => completeQuoteDeposit(t.deps, sessionId));
    const receipts = () => messageRows(t.db, biz.businessId, 'receipt', 'deposit:');
    expect((await receipts()).map((r) => [r.status, r.to])).toEqual([['pending', biz.customerEmail]]);
    await sweep(t.deps);
    expect(await mailsTo(biz.customerEmail, 'Receipt')).toHaveLength(1);
    expect(await completeQuoteDeposit(t.deps, sessionId)).toEqual({ created: false });
    await sweep(t.deps);
    expect(await receipts()).toHaveLength(1);
    expect(await mailsTo(biz.customerEmail, 'Receipt')).toHaveLength(1);
  });
});
