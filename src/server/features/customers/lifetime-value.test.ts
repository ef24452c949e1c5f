import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, createService, updateProfile } from '../../db/factories';
import { bookings } from '../../db/schema';
import { createTestContext } from '../../test/harness';

// Issue 25 item 4: one lifetime value (docs/decisions/0948) — all money received from the customer, net of refunds —
// read alike by the customer dialog, the CRM list, the loyalty list and the loyalty tier.

const t = await createTestContext();
const HOUR = 3_600_000;

async function ownerWithCustomer() {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
  const service = await createService(t.db, owner.userId, {
    name: 'Signature Detail',
    basePriceCents: 15_000,
  });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Lena',
    lastName: 'Ford',
    email: `lena-${owner.userId.slice(0, 6)}@example.com`,
  });
  return { owner, service, customer };
}

const req = (cookie: string, path: string, json?: unknown) =>
  t.request(path, json === undefined ? { cookie } : { method: 'POST', cookie, json });

/** A booking done and completed by the owner, as on /bookings (in progress → completed). */
async function completedBooking(
  cookie: string,
  businessId: string,
  service: { id: string; name: string },
  customerId: string,
  priceCents: number,
) {
  const booking = await createBooking(t.db, businessId, {
    service: { id: service.id, name: service.name, durationMinutes: 60 },
    customerId,
    scheduledAt: new Date(Date.now() - 2 * HOUR),
    locationAddress: '12 Lamar Blvd, Austin, TX',
    quotedPriceCents: priceCents,
    finalPriceCents: null,
    status: 'in_progress',
  });
  const res = await t.request(`/api/bookings/${booking.id}/status`, {
    method: 'PATCH',
    cookie,
    json: { status: 'completed' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return booking;
}

/** A quote sent, accepted on its public page, invoiced; the invoice is returned unpaid. */
async function invoiceFromQuote(
  cookie: string,
  customer: { id: string; email: string },
  unitPriceCents: number,
) {
  const quote = await (
    await req(cookie, '/api/quotes', {
      customerId: customer.id,
      items: [{ serviceName: 'Ceramic Coating', quantity: 1, unitPriceCents }],
    })
  ).json();
  expect((await req(cookie, `/api/quotes/${quote.id}/send`, {})).status).toBe(200);
  const [mail] = await t.emailsTo(customer.email);
  const link = /localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
  expect((await t.request(`${link}/accept`, { method: 'POST' })).status).toBe(303);
  const invoice = await (await req(cookie, `/api/invoices/from-quote/${quote.id}`, {})).json();
  return invoice as { id: string; totalCents: number };
}

async function everyReading(cookie: string, customerId: string) {
  const detail = await (await req(cookie, `/api/customers/${customerId}`)).json();
  const list = await (await req(cookie, '/api/customers')).json();
  const loyalty = await (await req(cookie, '/api/loyalty/customers')).json();
  const inList = list.items.find((c: { id: string }) => c.id === customerId);
  const inLoyalty = loyalty.items.find((c: { id: string }) => c.id === customerId);
  return {
    dialog: detail.lifetimeValueCents,
    dialogCustomer: detail.customer.totalSpentCents,
    crmList: inList.totalSpentCents,
    loyaltyList: inLoyalty.totalSpentCents,
    tiers: [detail.customer.loyaltyTier, inList.loyaltyTier, inLoyalty.loyaltyTier],
  };
}

describe('customer lifetime value', () => {
  it('a $150 completed booking and a paid $215.92 invoice show $365.92 everywhere, and the tier follows it', async () => {
    const { owner, service, customer } = await ownerWithCustomer();
    await completedBooking(owner.cookie, owner.userId, service, customer.id, 15_000);
    // $199.00 + 8.5 % tax = $215.92.
    const invoice = await invoiceFromQuote(owner.cookie, customer, 19_900);
    expect(invoice.totalCents).toBe(21_592);
    const unpaid = await everyReading(owner.cookie, customer.id);
    expect(unpaid).toMatchObject({ dialog: 15_000, crmList: 15_000, loyaltyList: 15_000 });
    const paid = await req(owner.cookie, `/api/invoices/${invoice.id}/payments`, {
      method: 'cash',
      amountCents: 21_592,
    });
    expect(paid.status, await paid.clone().text()).toBe(201);

    expect(await everyReading(owner.cookie, customer.id)).toEqual({
      dialog: 36_592,
      dialogCustomer: 36_592,
      crmList: 36_592,
      loyaltyList: 36_592,
      // Bronze on the $150 (30 points) alone; $365.92 received is Silver (≥ $200).
      tiers: ['silver', 'silver', 'silver'],
    });
  });

  it('counts a booking collected through its invoice once, tips included; cancelled and unpaid bookings not at all', async () => {
    const { owner, service, customer } = await ownerWithCustomer();
    const done = await completedBooking(owner.cookie, owner.userId, service, customer.id, 10_000);
    const invoice = await (await req(owner.cookie, `/api/invoices/from-booking/${done.id}`, {})).json();
    expect(invoice.totalCents).toBe(10_000);
    // Invoiced and not paid yet: nothing received.
    expect((await everyReading(owner.cookie, customer.id)).dialog).toBe(0);
    await req(owner.cookie, `/api/invoices/${invoice.id}/payments`, { method: 'cash', amountCents: 10_000 });
    expect((await everyReading(owner.cookie, customer.id)).dialog).toBe(10_000);

    // A booking paid offline counts when paid, its tip with it; cancelled, it was given back and counts no more.
    const offline = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: service.name, durationMinutes: 60 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 48 * HOUR),
      locationAddress: '1 Main St',
      quotedPriceCents: 8_000,
      finalPriceCents: null,
      status: 'pending',
    });
    await t.db
      .update(bookings)
      .set({ paidOfflineAt: new Date(), tipCents: 1_000 })
      .where(eq(bookings.id, offline.id));
    // An upcoming booking nobody paid yet counts nothing.
    await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: service.name, durationMinutes: 60 },
      customerId: customer.id,
      scheduledAt: new Date(Date.now() + 72 * HOUR),
      locationAddress: '2 Main St',
      quotedPriceCents: 9_000,
      status: 'confirmed',
    });
    expect((await everyReading(owner.cookie, customer.id)).dialog).toBe(10_000 + 9_000);
    const cancelled = await t.request(`/api/bookings/${offline.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    expect(await everyReading(owner.cookie, customer.id)).toMatchObject({
      dialog: 10_000,
      crmList: 10_000,
      loyaltyList: 10_000,
    });
  });

  it('is the business’s own: another business sees 404, not the figure', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const other = await t.signUp();
    expect((await req(other.cookie, `/api/customers/${customer.id}`)).status).toBe(404);
    expect((await (await req(owner.cookie, `/api/customers/${customer.id}`)).json()).lifetimeValueCents).toBe(
      0,
    );
  });
});
