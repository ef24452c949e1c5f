import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, updateProfile } from '../../db/factories';
import { bookings, checkoutSessions } from '../../db/schema';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';

const t = await createTestContext();

describe('tips', () => {
  it('a booking tip is charged with the price, stored as its own line, shown to the owner and reported this month', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const created = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({
        businessId: owner.userId,
        serviceId: service!.id,
        tip: { kind: 'percent', percent: 15 },
      }),
    });
    expect(created.status).toBe(200);
    const { url, sessionId, amountCents } = await created.json();
    expect(amountCents).toBe(12000); // the price; the tip is apart
    const checkoutPage = await (await t.request(url.replace(TEST_ORIGIN, ''))).text();
    expect(checkoutPage).toContain('$138.00'); // $120.00 + 15 % tip
    expect(checkoutPage).toContain('$18.00');
    await t.request(`${url.replace(TEST_ORIGIN, '')}/pay`, { method: 'POST' });
    const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
    expect(done.status).toBe(200);
    const { booking } = await done.json();
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ quotedPriceCents: 12000, finalPriceCents: 12000, tipCents: 1800 });

    const list = await (await t.request('/api/bookings', { cookie: owner.cookie })).json();
    expect(list.items.find((b: { id: string }) => b.id === booking.id)).toMatchObject({ tipCents: 1800 });

    // An invoice tip this month adds to the dashboard's figure; revenue stays the price.
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Ina',
      lastName: 'Park',
      email: 'ina@example.com',
    });
    const q = await (
      await t.request('/api/quotes', {
        method: 'POST',
        cookie: owner.cookie,
        json: {
          customerId: customer.id,
          items: [{ serviceName: 'Wax', quantity: 1, unitPriceCents: 10000 }],
        },
      })
    ).json();
    await t.request(`/api/quotes/${q.id}/send`, { method: 'POST', cookie: owner.cookie });
    const [mail] = await t.emailsTo('ina@example.com');
    const link = /localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    await t.request(`${link}/accept`, { method: 'POST' });
    const inv = await (
      await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie: owner.cookie })
    ).json();
    const start = await t.request(`${inv.payPath}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'custom', customTip: '7.50' }),
    });
    const checkout = start.headers.get('location')!.replace(TEST_ORIGIN, '');
    const back = (await t.request(`${checkout}/pay`, { method: 'POST' })).headers
      .get('location')!
      .replace(TEST_ORIGIN, '');
    await t.request(back);
    const dashboard = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(dashboard.tipsThisMonthCents).toBe(1800 + 750);
  });

  it('a custom tip that is not an amount is refused on the pay page', async () => {
    const owner = await t.signUp();
    const customer = await createCustomer(t.db, owner.userId, {
      firstName: 'Al',
      lastName: 'Bo',
      email: 'al@example.com',
    });
    const q = await (
      await t.request('/api/quotes', {
        method: 'POST',
        cookie: owner.cookie,
        json: {
          customerId: customer.id,
          items: [{ serviceName: 'Wax', quantity: 1, unitPriceCents: 10000 }],
        },
      })
    ).json();
    await t.request(`/api/quotes/${q.id}/send`, { method: 'POST', cookie: owner.cookie });
    const [mail] = await t.emailsTo('al@example.com');
    await t.request(`${/localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]}/accept`, {
      method: 'POST',
    });
    const inv = await (
      await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie: owner.cookie })
    ).json();
    const res = await t.request(`${inv.payPath}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'custom', customTip: 'lots' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a custom tip in dollars');
  });
});

describe('what the customer is told they paid, and the tip’s base (issue 25)', () => {
  async function paidBooking(form: Record<string, unknown>) {
    const created = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm(form),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { url, sessionId } = await created.json();
    await t.request(`${url.replace(TEST_ORIGIN, '')}/pay`, { method: 'POST' });
    const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
    expect(done.status).toBe(200);
    return { sessionId, booking: (await done.json()).booking };
  }

  it('/booking-success and the confirmation email show the price, the tip and the total charged', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    // $120.00 × 1.2 (SUV) = $144.00, with a 20 % tip of $28.80.
    const email = 'tipper@example.com';
    const { booking } = await paidBooking({
      businessId: owner.userId,
      serviceId: service!.id,
      vehicleType: 'suv',
      email,
      tip: { kind: 'percent', percent: 20 },
    });
    expect(booking).toMatchObject({ priceCents: 14400, tipCents: 2880, chargedCents: 17280 });
    const [confirmation] = (await t.emailsTo(email)).filter((m) =>
      m.subject?.startsWith('Booking confirmed'),
    );
    expect(confirmation!.body).toContain('Price: $144.00\nTip: $28.80\nTotal charged: $172.80');
    expect(confirmation!.body).not.toContain('(paid)');
  });

  it('without a tip the total charged is the price', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const email = 'notip@example.com';
    const { booking } = await paidBooking({ businessId: owner.userId, serviceId: service!.id, email });
    expect(booking).toMatchObject({ priceCents: 12000, tipCents: 0, chargedCents: 12000 });
    const [confirmation] = (await t.emailsTo(email)).filter((m) =>
      m.subject?.startsWith('Booking confirmed'),
    );
    expect(confirmation!.body).toContain('Price: $120.00\nTotal charged: $120.00');
  });

  it('a percentage tip is on what is paid after the promo code, not on the price before it', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
    const [service] = await bookableBusiness(t.db, owner.userId);
    const code = await t.request('/api/promo-codes', {
      method: 'POST',
      cookie: owner.cookie,
      json: { code: 'QUARTER', discountType: 'percent', discountValue: 25 },
    });
    expect(code.status, await code.clone().text()).toBe(201);
    // $120.00 less 25 % = $90.00; 15 % of that is $13.50 (on the price before it, $18.00).
    const { sessionId, booking } = await paidBooking({
      businessId: owner.userId,
      serviceId: service!.id,
      promoCode: 'quarter',
      email: 'promo.tipper@example.com',
      tip: { kind: 'percent', percent: 15 },
    });
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(checkout).toMatchObject({ amountCents: 9000, tipCents: 1350 });
    expect(booking).toMatchObject({ priceCents: 9000, tipCents: 1350, chargedCents: 10350 });
  });
});
