import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '../../../shared/invoices.schemas';
import { createCustomer, createService } from '../../db/factories';
import { quotes } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

async function ownerWithCustomer() {
  const owner = await t.signUp();
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Ana',
    lastName: 'Lopez',
    email: `ana-${owner.userId.slice(0, 6)}@example.com`,
  });
  const service = await createService(t.db, owner.userId, { name: 'Premium Detail', basePriceCents: 12000 });
  return { owner, customer, service };
}

const createQuote = (cookie: string, json: unknown) =>
  t.request('/api/quotes', { method: 'POST', cookie, json });

function quoteBody(customerId: string, serviceId: string | null = null, extra: Record<string, unknown> = {}) {
  return {
    customerId,
    items: [
      { serviceId, serviceName: 'Premium Detail', quantity: 1, unitPriceCents: 12000 },
      { serviceId: null, serviceName: 'Pet hair removal', quantity: 2, unitPriceCents: 4500 },
    ],
    taxRateBps: 850,
    notes: 'Driveway access needed',
    ...extra,
  };
}

/** The token of a quote, read as the customer would get it: from the link in the email. */
async function sentLink(cookie: string, quoteId: string, email: string) {
  const res = await t.request(`/api/quotes/${quoteId}/send`, { method: 'POST', cookie });
  expect(res.status).toBe(200);
  const [mail] = await t.emailsTo(email);
  const link = /http:\/\/localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
  return link;
}

describe('quotes', () => {
  it('answers 401 on every route when signed out', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('/api/quotes')).status).toBe(401);
    expect((await t.request('/api/quotes', { method: 'POST', json: {} })).status).toBe(401);
    expect((await t.request(`/api/quotes/${id}`)).status).toBe(401);
    expect((await t.request(`/api/quotes/${id}/send`, { method: 'POST' })).status).toBe(401);
    expect((await t.request(`/api/quotes/${id}/download/html`)).status).toBe(401);
    expect((await t.request(`/api/quotes/${id}/download/pdf`)).status).toBe(401);
  });

  it('creates a quote with server-side totals (8.5 % tax, half-up), status draft, expiring in 30 days', async () => {
    const { owner, customer, service } = await ownerWithCustomer();
    const res = await createQuote(owner.cookie, quoteBody(customer.id, service.id));
    expect(res.status).toBe(201);
    const q = await res.json();
    expect(q).toMatchObject({
      customerName: 'Ana Lopez',
      subtotalCents: 21000,
      taxRateBps: 850,
      taxCents: 1785,
      totalCents: 22785,
      depositCents: 0,
      status: 'draft',
      notes: 'Driveway access needed',
    });
    expect(q.items.map((i: { totalCents: number }) => i.totalCents)).toEqual([12000, 9000]);
    const days = (Date.parse(q.expiresAt) - Date.parse(q.createdAt)) / 86_400_000;
    expect(days).toBe(30);
  });

  const line = { serviceName: 'Wash', quantity: 1, unitPriceCents: 4500 };
  it.each([
    ['no customer', (_c: string) => ({ items: [line] }), QUOTE_MESSAGES.missing],
    ['an empty customer', (_c: string) => ({ customerId: '', items: [line] }), QUOTE_MESSAGES.missing],
    ['no lines', (c: string) => ({ customerId: c, items: [] }), QUOTE_MESSAGES.missing],
    ['no items at all', (c: string) => ({ customerId: c }), QUOTE_MESSAGES.missing],
    [
      'a line without a service',
      (c: string) => ({ customerId: c, items: [{ ...line, serviceName: ' ' }] }),
      QUOTE_MESSAGES.missing,
    ],
    [
      'quantity 0',
      (c: string) => ({ customerId: c, items: [{ ...line, quantity: 0 }] }),
      'Quantity must be at least 1',
    ],
    [
      'a tax rate over 100 %',
      (c: string) => ({ customerId: c, items: [line], taxRateBps: 20_000 }),
      'Enter a tax rate between 0 and 100 %',
    ],
  ])('rejects %s', async (_name, body, message) => {
    const { owner, customer } = await ownerWithCustomer();
    const res = await createQuote(owner.cookie, body(customer.id));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('counts an invalid unit price as 0 and defaults quantity to 1 (§5)', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const res = await createQuote(owner.cookie, {
      customerId: customer.id,
      items: [{ serviceName: 'Wax', unitPriceCents: 'abc' }],
    });
    expect(res.status).toBe(201);
    const q = await res.json();
    expect(q.items[0]).toMatchObject({ quantity: 1, unitPriceCents: 0, totalCents: 0 });
    expect(q.taxRateBps).toBe(850);
  });

  it("answers 404 for another business's quote and customer on every route, and for malformed ids", async () => {
    const a = await ownerWithCustomer();
    const b = await ownerWithCustomer();
    const q = await (await createQuote(a.owner.cookie, quoteBody(a.customer.id))).json();
    expect((await createQuote(b.owner.cookie, quoteBody(a.customer.id))).status).toBe(404);
    for (const path of [
      `/api/quotes/${q.id}`,
      `/api/quotes/${q.id}/download/html`,
      `/api/quotes/${q.id}/download/pdf`,
    ]) {
      expect((await t.request(path, { cookie: b.owner.cookie })).status).toBe(404);
    }
    expect(
      (await t.request(`/api/quotes/${q.id}/send`, { method: 'POST', cookie: b.owner.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie: b.owner.cookie }))
        .status,
    ).toBe(404);
    expect((await t.request('/api/quotes/not-a-uuid', { cookie: a.owner.cookie })).status).toBe(404);
    const list = await (await t.request('/api/quotes', { cookie: b.owner.cookie })).json();
    expect(list.items.map((x: { id: string }) => x.id)).not.toContain(q.id);
  });

  it('lists newest first with keyset pages and a status filter', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await (await createQuote(owner.cookie, quoteBody(customer.id))).json()).id);
    const first = await (await t.request('/api/quotes?limit=2', { cookie: owner.cookie })).json();
    expect(first.items.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    const second = await (
      await t.request(`/api/quotes?limit=2&cursor=${first.nextCursor}`, { cookie: owner.cookie })
    ).json();
    expect(second.items.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    const sent = await (await t.request('/api/quotes?status=sent', { cookie: owner.cookie })).json();
    expect(sent.items).toEqual([]);
  });

  it("refuses another business's service in a line (404) and stores nothing", async () => {
    const { owner, customer } = await ownerWithCustomer();
    const other = await ownerWithCustomer();
    const res = await createQuote(owner.cookie, quoteBody(customer.id, other.service.id));
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('Service not found');
    expect((await createQuote(owner.cookie, quoteBody(customer.id, 'not-a-uuid'))).status).toBe(404);
    expect(await t.db.select().from(quotes).where(eq(quotes.businessId, owner.userId))).toEqual([]);
  });

  it('downloads a self-contained HTML file and a PDF of the quote', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const q = await (await createQuote(owner.cookie, quoteBody(customer.id))).json();
    const htmlRes = await t.request(`/api/quotes/${q.id}/download/html`, { cookie: owner.cookie });
    expect(htmlRes.status).toBe(200);
    expect(htmlRes.headers.get('content-disposition')).toMatch(/attachment; filename="quote-.+\.html"/);
    const text = await htmlRes.text();
    expect(text).toContain('Pet hair removal');
    expect(text).toContain('$227.85');
    expect(text).toContain('data:image/png;base64,'); // the QR code, inline
    expect(text).not.toMatch(/<(script|link)\b/); // nothing loaded from elsewhere
    const pdfRes = await t.request(`/api/quotes/${q.id}/download/pdf`, { cookie: owner.cookie });
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await pdfRes.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
  });

  it('sends the customer a link to a public page that shows only this quote, where they accept it', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const other = await (
      await createQuote(owner.cookie, { ...quoteBody(customer.id), notes: 'SECRET OTHER QUOTE' })
    ).json();
    const q = await (await createQuote(owner.cookie, quoteBody(customer.id))).json();
    const link = await sentLink(owner.cookie, q.id, customer.email);
    expect((await (await t.request(`/api/quotes/${q.id}`, { cookie: owner.cookie })).json()).status).toBe(
      'sent',
    );

    const page = await t.request(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('$227.85');
    expect(html).toContain('Accept quote');
    expect(html).not.toContain('SECRET OTHER QUOTE');
    expect(html).not.toContain(other.id);
    expect(html).not.toContain(owner.email);

    const accept = await t.request(`${link}/accept`, { method: 'POST' });
    expect(accept.status).toBe(303);
    expect(await (await t.request(link)).text()).toContain('You accepted this quote');
    expect((await (await t.request(`/api/quotes/${q.id}`, { cookie: owner.cookie })).json()).status).toBe(
      'accepted',
    );
    // Accepting again, or declining after, is refused.
    const again = await t.request(`${link}/decline`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(QUOTE_MESSAGES.notAcceptable);
  });

  it('a declined or expired quote cannot be accepted; expiry happens on read', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const declined = await (await createQuote(owner.cookie, quoteBody(customer.id))).json();
    const link = await sentLink(owner.cookie, declined.id, customer.email);
    expect((await t.request(`${link}/decline`, { method: 'POST' })).status).toBe(303);
    const refused = await t.request(`${link}/accept`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(
      (await (await t.request(`/api/quotes/${declined.id}`, { cookie: owner.cookie })).json()).status,
    ).toBe('declined');

    const old = await (await createQuote(owner.cookie, quoteBody(customer.id))).json();
    const oldLink = await sentLink(owner.cookie, old.id, customer.email);
    await t.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, old.id));
    const expired = await t.request(`${oldLink}/accept`, { method: 'POST' });
    expect(expired.status).toBe(409);
    expect(await expired.text()).toContain(QUOTE_MESSAGES.expired);
    const list = await (await t.request('/api/quotes?status=expired', { cookie: owner.cookie })).json();
    expect(list.items.map((x: { id: string }) => x.id)).toEqual([old.id]);
    const resend = await t.request(`/api/quotes/${old.id}/send`, { method: 'POST', cookie: owner.cookie });
    expect(resend.status).toBe(409);
  });

  it('a draft that was never sent cannot be accepted, declined or paid through its token (409, the page says why)', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const draft = await (await createQuote(owner.cookie, quoteBody(customer.id))).json();
    const withDeposit = await (
      await createQuote(
        owner.cookie,
        quoteBody(customer.id, null, { deposit: { kind: 'percent', percentBps: 2500 } }),
      )
    ).json();
    for (const q of [draft, withDeposit]) expect(q.status).toBe('draft');

    const page = await t.request(draft.publicPath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(QUOTE_MESSAGES.notSent);
    expect(html).not.toContain('Accept quote');
    expect(html).not.toContain('Decline');

    for (const answer of ['accept', 'decline']) {
      const res = await t.request(`${draft.publicPath}/${answer}`, { method: 'POST' });
      expect(res.status).toBe(409);
      expect(await res.text()).toContain(QUOTE_MESSAGES.notSent);
    }
    const deposit = await t.request(`${withDeposit.publicPath}/deposit`, { method: 'POST' });
    expect(deposit.status).toBe(409);
    expect(await deposit.text()).toContain(QUOTE_MESSAGES.notSent);
    for (const q of [draft, withDeposit]) {
      expect((await (await t.request(`/api/quotes/${q.id}`, { cookie: owner.cookie })).json()).status).toBe(
        'draft',
      );
    }

    // Once sent, the same link accepts.
    const link = await sentLink(owner.cookie, draft.id, customer.email);
    expect(link).toBe(draft.publicPath);
    expect((await t.request(`${link}/accept`, { method: 'POST' })).status).toBe(303);
  });

  it('an unknown or malformed token shows a 404 page and nothing else', async () => {
    expect((await t.request('/quote/nope')).status).toBe(404);
    expect((await t.request('/quote/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect(
      (await t.request('/quote/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/accept', { method: 'POST' })).status,
    ).toBe(404);
    expect((await t.request('/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
