import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, grantRole } from '../../db/factories';
import { invoicePayments, invoices, quotes } from '../../db/schema';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { ledgerTotals } from '../payouts/ledger.service';
import { createTestModeAccount } from '../payouts/payment-accounts.service';
import { NOT_TAKING_CARD_PAYMENTS } from './document-payments.service';

const t = await createTestContext();

const line = (serviceName: string, quantity: number, unitPriceCents: number) => ({
  serviceName,
  quantity,
  unitPriceCents,
});

async function setup(deposit: unknown = { kind: 'none' }, opts: { cardPayments?: boolean } = {}) {
  const owner = await t.signUp();
  // Card payments go to the business's connected account (test mode here), like bookings.
  if (opts.cardPayments !== false) await createTestModeAccount(t.db, owner.userId);
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Ben',
    lastName: 'Okafor',
    email: `ben-${owner.userId.slice(0, 6)}@example.com`,
  });
  return { owner, customer, deposit };
}

async function quote(cookie: string, customerId: string, extra: Record<string, unknown> = {}) {
  const res = await t.request('/api/quotes', {
    method: 'POST',
    cookie,
    json: { customerId, items: [line('Premium Detail', 1, 12000), line('Clay bar', 2, 4500)], ...extra },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; totalCents: number; depositCents: number };
}

async function send(cookie: string, quoteId: string, email: string) {
  expect((await t.request(`/api/quotes/${quoteId}/send`, { method: 'POST', cookie })).status).toBe(200);
  const [mail] = await t.emailsTo(email);
  return /localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
}

async function acceptedInvoice(cookie: string, customer: { id: string; email: string }) {
  const q = await quote(cookie, customer.id);
  const link = await send(cookie, q.id, customer.email);
  expect((await t.request(`${link}/accept`, { method: 'POST' })).status).toBe(303);
  const res = await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie });
  expect(res.status).toBe(201);
  return { quoteId: q.id, invoice: await res.json() };
}

const path = (url: string) => url.replace(TEST_ORIGIN, '');

/** The customer's journey on the pay page: choose a tip, go to the test checkout, press Pay, come back. */
async function payOnline(payPath: string, tip: Record<string, string> = { tip: 'none' }) {
  const start = await t.request(`${payPath}/checkout`, { method: 'POST', body: new URLSearchParams(tip) });
  expect(start.status).toBe(303);
  const checkout = path(start.headers.get('location')!);
  expect(checkout).toMatch(/^\/checkout\/test\/cs_test_/);
  const checkoutPage = await t.request(checkout);
  expect(await checkoutPage.text()).toContain('Test mode');
  const paid = await t.request(`${checkout}/pay`, { method: 'POST' });
  expect(paid.status).toBe(303);
  return path(paid.headers.get('location')!);
}

const payPathOf = async (cookie: string, invoiceId: string) => {
  const html = await (await t.request(`/api/invoices/${invoiceId}/download/html`, { cookie })).text();
  return /data-url="http:\/\/localhost:3000(\/pay\/[A-Za-z0-9_-]+)"/.exec(html)![1]!;
};

describe('invoices', () => {
  it('answers 401 on every route when signed out', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('/api/invoices')).status).toBe(401);
    expect((await t.request(`/api/invoices/${id}`)).status).toBe(401);
    expect((await t.request(`/api/invoices/from-quote/${id}`, { method: 'POST' })).status).toBe(401);
    expect((await t.request(`/api/invoices/from-booking/${id}`, { method: 'POST' })).status).toBe(401);
    expect((await t.request(`/api/invoices/${id}/payments`, { method: 'POST', json: {} })).status).toBe(401);
    expect((await t.request(`/api/invoices/${id}/void`, { method: 'POST' })).status).toBe(401);
    expect((await t.request(`/api/invoices/${id}/download/pdf`)).status).toBe(401);
  });

  it('accept → invoice → pay on the test checkout with a tip → paid, tip its own line, receipt in the outbox', async () => {
    const { owner, customer } = await setup();
    const { invoice } = await acceptedInvoice(owner.cookie, customer);
    expect(invoice).toMatchObject({
      numberText: 'INV-0001',
      status: 'unpaid',
      totalCents: 22785,
      balanceCents: 22785,
      tipCents: 0,
    });
    const payPath = await payPathOf(owner.cookie, invoice.id);
    const back = await payOnline(payPath, { tip: '20' });
    expect(back).toMatch(new RegExp(`^${payPath}\\?session_id=`));
    const page = await (await t.request(back)).text();
    expect(page).toContain('Payment received');
    expect(page).toContain('Tip (thank you!)');
    expect(page).toContain('Paid in full');

    const paid = await (await t.request(`/api/invoices/${invoice.id}`, { cookie: owner.cookie })).json();
    // 20 % of the $210.00 subtotal = $42.00, kept apart from the total.
    expect(paid).toMatchObject({ status: 'paid', paidCents: 22785, tipCents: 4200, balanceCents: 0 });
    expect(paid.payments).toEqual([
      expect.objectContaining({ method: 'card', amountCents: 22785, tipCents: 4200 }),
    ]);
    const [receipt] = await t.emailsTo(customer.email);
    expect(receipt!.subject).toContain('Receipt');
    expect(receipt!.body).toContain('Tip: $42.00');
    expect(receipt!.body).toContain('Total received: $269.85');
    // The business is paid: the charge and the whole tip, less the platform's fee on the charge only (5 % + 30¢).
    const ledger = await ledgerTotals(t.db, owner.userId);
    expect(ledger).toMatchObject({ charge: 22785, tip: 4200, fee: -(Math.round(22785 * 0.05) + 30) });
    expect(ledger.balance).toBe(22785 + 4200 - 1169);
    // The quote reads as invoiced; invoicing it again gives the same invoice.
    const again = await t.request(`/api/invoices/from-quote/${invoice.quoteId}`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect((await again.json()).id).toBe(invoice.id);
  });

  it('paying twice, also at once, records one payment and one receipt', async () => {
    const { owner, customer } = await setup();
    const { invoice } = await acceptedInvoice(owner.cookie, customer);
    const back = await payOnline(await payPathOf(owner.cookie, invoice.id));
    await Promise.all([t.request(back), t.request(back), t.request(back)]);
    await t.request(back);
    const rows = await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    const receipts = (await t.emailsTo(customer.email)).filter((m) => m.subject?.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    // …and one charge and one fee in the business's ledger.
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({ charge: 22785, tip: 0, fee: -1169 });
  });

  it('refuses a card payment, with a clear message, while the business cannot take charges', async () => {
    const { owner, customer } = await setup({ kind: 'none' }, { cardPayments: false });
    const { invoice } = await acceptedInvoice(owner.cookie, customer);
    const payPath = await payPathOf(owner.cookie, invoice.id);
    const start = await t.request(`${payPath}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'none' }),
    });
    expect(start.status).toBe(409);
    expect(await start.text()).toContain(NOT_TAKING_CARD_PAYMENTS.replace("'", '&#39;'));
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({ charge: 0, balance: 0 });
  });

  it('refuses a paid amount that does not match what was asked', async () => {
    const { owner, customer } = await setup();
    const { invoice } = await acceptedInvoice(owner.cookie, customer);
    const back = await payOnline(await payPathOf(owner.cookie, invoice.id));
    const real = t.payments.getPaymentStatus;
    t.payments.getPaymentStatus = async (id) => ({ ...(await real(id)), amountCents: 100 });
    try {
      expect(await (await t.request(back)).text()).toContain('The amount paid does not match');
    } finally {
      t.payments.getPaymentStatus = real;
    }
    const after = await (await t.request(`/api/invoices/${invoice.id}`, { cookie: owner.cookie })).json();
    expect(after).toMatchObject({ status: 'unpaid', paidCents: 0 });
  });

  it('"Accept & pay deposit" accepts the quote, and the deposit and its date carry into the invoice', async () => {
    const { owner, customer } = await setup();
    const q = await quote(owner.cookie, customer.id, { deposit: { kind: 'percent', percentBps: 2500 } });
    expect(q.depositCents).toBe(5696); // 25 % of $227.85, half-up
    const link = await send(owner.cookie, q.id, customer.email);
    const page = await (await t.request(link)).text();
    expect(page).toContain('Accept &amp; pay deposit ($56.96)');
    // Plain accept is not enough when a deposit is required.
    expect((await t.request(`${link}/accept`, { method: 'POST' })).status).toBe(409);
    const start = await t.request(`${link}/deposit`, { method: 'POST' });
    expect(start.status).toBe(303);
    const checkout = path(start.headers.get('location')!);
    const back = path((await t.request(`${checkout}/pay`, { method: 'POST' })).headers.get('location')!);
    expect(await (await t.request(back)).text()).toContain('Deposit received');
    const accepted = await (await t.request(`/api/quotes/${q.id}`, { cookie: owner.cookie })).json();
    expect(accepted).toMatchObject({ status: 'accepted' });
    expect(accepted.depositPaidAt).not.toBeNull();

    const inv = await (
      await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie: owner.cookie })
    ).json();
    expect(inv).toMatchObject({ status: 'partially_paid', paidCents: 5696, balanceCents: 22785 - 5696 });
    expect(inv.payments).toEqual([
      expect.objectContaining({ amountCents: 5696, note: 'Deposit', paidAt: accepted.depositPaidAt }),
    ]);
    const receipts = (await t.emailsTo(customer.email)).filter((m) => m.subject?.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    // Paying the rest online: exactly the balance is charged.
    const rest = await payOnline(await payPathOf(owner.cookie, inv.id));
    await t.request(rest);
    const paid = await (await t.request(`/api/invoices/${inv.id}`, { cookie: owner.cookie })).json();
    expect(paid).toMatchObject({ status: 'paid', paidCents: 22785, balanceCents: 0 });
    // Two charges to the business, the deposit and the rest, each with its own fee; together the whole total.
    const fee = (cents: number) => Math.round(cents * 0.05) + 30;
    expect(await ledgerTotals(t.db, owner.userId)).toMatchObject({
      charge: 22785,
      fee: -(fee(5696) + fee(22785 - 5696)),
    });
  });

  it('records offline payments: partially paid, then paid; refuses more than the balance; a receipt each time', async () => {
    const { owner, customer } = await setup();
    const { invoice } = await acceptedInvoice(owner.cookie, customer);
    const pay = (json: unknown) =>
      t.request(`/api/invoices/${invoice.id}/payments`, { method: 'POST', cookie: owner.cookie, json });
    const part = await pay({ method: 'cash', amountCents: 10000 });
    expect(part.status).toBe(201);
    expect(await part.json()).toMatchObject({
      status: 'partially_paid',
      paidCents: 10000,
      balanceCents: 12785,
    });
    const over = await pay({ method: 'check', amountCents: 12786 });
    expect(over.status).toBe(400);
    expect((await over.json()).error.message).toBe('The amount is more than the balance due');
    expect((await pay({ method: 'card', amountCents: 1 })).status).toBe(400);
    expect((await pay({ method: 'cash', amountCents: 0 })).status).toBe(400);
    const rest = await pay({ method: 'check', amountCents: 12785, note: 'Check #1042' });
    expect(await rest.json()).toMatchObject({ status: 'paid', balanceCents: 0 });
    const receipts = (await t.emailsTo(customer.email)).filter((m) => m.subject?.startsWith('Receipt'));
    expect(receipts).toHaveLength(2);
    // A paid invoice cannot be voided or paid again.
    expect(
      (await t.request(`/api/invoices/${invoice.id}/void`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(409);
    expect((await pay({ method: 'cash', amountCents: 1 })).status).toBe(400);
  });

  it('filters unpaid, overdue and paid, and totals what is outstanding', async () => {
    const { owner, customer } = await setup();
    const a = (await acceptedInvoice(owner.cookie, customer)).invoice;
    const b = (await acceptedInvoice(owner.cookie, customer)).invoice;
    const c = (await acceptedInvoice(owner.cookie, customer)).invoice;
    await t.request(`/api/invoices/${b.id}/payments`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { method: 'cash', amountCents: 22785 },
    });
    await t.request(`/api/invoices/${c.id}/payments`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { method: 'cash', amountCents: 785 },
    });
    await t.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(invoices.id, a.id));
    const list = async (filter: string) =>
      await (await t.request(`/api/invoices?filter=${filter}`, { cookie: owner.cookie })).json();
    const all = await list('all');
    expect(all.items.map((i: { numberText: string }) => i.numberText)).toEqual([
      'INV-0003',
      'INV-0002',
      'INV-0001',
    ]);
    expect(all.outstandingCents).toBe(22785 + 22000);
    expect(all.overdueCents).toBe(22785);
    expect((await list('unpaid')).items.map((i: { id: string }) => i.id)).toEqual([c.id, a.id]);
    expect((await list('overdue')).items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect((await list('paid')).items.map((i: { id: string }) => i.id)).toEqual([b.id]);
  });

  it('gives gapless per-business numbers under 20 concurrent issues', async () => {
    const { owner, customer } = await setup();
    const quoteIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const q = await quote(owner.cookie, customer.id);
      quoteIds.push(q.id);
    }
    await t.db
      .update(quotes)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(quotes.businessId, owner.userId));
    const results = await Promise.all(
      quoteIds.map((id) =>
        t.request(`/api/invoices/from-quote/${id}`, { method: 'POST', cookie: owner.cookie }),
      ),
    );
    const numbers = await Promise.all(results.map(async (r) => (await r.json()).number as number));
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Another business starts at INV-0001.
    const other = await setup();
    expect((await acceptedInvoice(other.owner.cookie, other.customer)).invoice.numberText).toBe('INV-0001');
  });

  it('invoices a completed booking in one click, once; other statuses are refused', async () => {
    const { owner, customer } = await setup();
    const base = {
      service: { id: null, name: 'Basic Wash & Vacuum', durationMinutes: 60 },
      customerId: customer.id,
      scheduledAt: new Date(),
      locationAddress: '1 Main St',
      quotedPriceCents: 4500,
    };
    const done = await createBooking(t.db, owner.userId, {
      ...base,
      status: 'completed',
      finalPriceCents: 5400,
    });
    const pending = await createBooking(t.db, owner.userId, { ...base, status: 'pending' });
    const res = await t.request(`/api/invoices/from-booking/${done.id}`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const inv = await res.json();
    expect(inv).toMatchObject({
      bookingId: done.id,
      totalCents: 5400,
      taxCents: 0,
      customerName: 'Ben Okafor',
      status: 'unpaid',
    });
    const again = await t.request(`/api/invoices/from-booking/${done.id}`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect((await again.json()).id).toBe(inv.id);
    expect(
      (await t.request(`/api/invoices/from-booking/${pending.id}`, { method: 'POST', cookie: owner.cookie }))
        .status,
    ).toBe(409);
  });

  it("answers 404 for another business's invoice, quote and booking on every route", async () => {
    const a = await setup();
    const b = await setup();
    const { invoice, quoteId } = await acceptedInvoice(a.owner.cookie, a.customer);
    const booking = await createBooking(t.db, a.owner.userId, {
      service: { id: null, name: 'Wash', durationMinutes: 60 },
      customerId: a.customer.id,
      scheduledAt: new Date(),
      locationAddress: '1 Main St',
      quotedPriceCents: 4500,
      status: 'completed',
    });
    const cookie = b.owner.cookie;
    for (const p of [
      `/api/invoices/${invoice.id}`,
      `/api/invoices/${invoice.id}/download/html`,
      `/api/invoices/${invoice.id}/download/pdf`,
    ]) {
      expect((await t.request(p, { cookie })).status).toBe(404);
    }
    for (const p of [
      `/api/invoices/from-quote/${quoteId}`,
      `/api/invoices/from-booking/${booking.id}`,
      `/api/invoices/${invoice.id}/void`,
    ]) {
      expect((await t.request(p, { method: 'POST', cookie })).status).toBe(404);
    }
    const pay = await t.request(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      cookie,
      json: { method: 'cash', amountCents: 100 },
    });
    expect(pay.status).toBe(404);
    expect((await t.request('/api/invoices/nope', { cookie })).status).toBe(404);
    const list = await (await t.request('/api/invoices', { cookie })).json();
    expect(list).toMatchObject({ items: [], outstandingCents: 0 });
  });

  it('the public pay page shows only its invoice, with a QR code of its own link', async () => {
    const { owner, customer } = await setup();
    const first = (await acceptedInvoice(owner.cookie, customer)).invoice;
    const second = (await acceptedInvoice(owner.cookie, customer)).invoice;
    const payPath = await payPathOf(owner.cookie, second.id);
    const html = await (await t.request(payPath)).text();
    expect(html).toContain('Invoice INV-0002');
    expect(html).not.toContain('INV-0001');
    expect(html).not.toContain(first.id);
    expect(html).toContain(`data-url="${TEST_ORIGIN}${payPath}"`);
    expect(html).toContain('15% ($31.50)');
    const pdf = await t.request(`/api/invoices/${second.id}/download/pdf`, { cookie: owner.cookie });
    expect(pdf.headers.get('content-disposition')).toContain('INV-0002.pdf');
  });

  it('voids an unpaid invoice; its number is not reused', async () => {
    const { owner, customer } = await setup();
    const first = (await acceptedInvoice(owner.cookie, customer)).invoice;
    const res = await t.request(`/api/invoices/${first.id}/void`, { method: 'POST', cookie: owner.cookie });
    expect(await res.json()).toMatchObject({ status: 'void', balanceCents: 0 });
    expect((await acceptedInvoice(owner.cookie, customer)).invoice.numberText).toBe('INV-0002');
    const start = await t.request(`${first.payPath}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'none' }),
    });
    expect(start.status).toBe(409);
    expect(await start.text()).toContain('This invoice has been voided');
  });

  it('a technician neither lists invoices nor sees or pays one not of their own job (decision 1160), nor voids', async () => {
    const { owner, customer } = await setup();
    const { invoice } = await acceptedInvoice(owner.cookie, customer);
    const tech = await t.signUp();
    await grantRole(t.db, tech.userId, 'technician', owner.userId);
    expect((await t.request('/api/invoices', { cookie: tech.cookie })).status).toBe(403);
    expect((await t.request(`/api/invoices/${invoice.id}`, { cookie: tech.cookie })).status).toBe(404);
    const paid = await t.request(`/api/invoices/${invoice.id}/payments`, {
      method: 'POST',
      cookie: tech.cookie,
      json: { method: 'cash', amountCents: 1000 },
    });
    expect(paid.status).toBe(404);
    const unchanged = await (await t.request(`/api/invoices/${invoice.id}`, { cookie: owner.cookie })).json();
    expect(unchanged.status).toBe('unpaid');
    const second = (await acceptedInvoice(owner.cookie, customer)).invoice;
    expect(
      (await t.request(`/api/invoices/${second.id}/void`, { method: 'POST', cookie: tech.cookie })).status,
    ).toBe(403);
    expect(
      (await t.request(`/api/invoices/${second.id}/void`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(200);
  });
});
