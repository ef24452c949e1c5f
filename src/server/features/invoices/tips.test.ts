import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../db/factories';
import { bookings } from '../../db/schema';
import { createTestContext, TEST_ORIGIN } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../booking/booking.fixtures';

const t = await createTestContext();

describe('tips', () => {
  it('a booking tip is charged with the price, stored as its own line, shown to the owner and reported this month', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const created = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id, tip: { kind: 'percent', percent: 15 } }),
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
    const customer = await createCustomer(t.db, owner.userId, { firstName: 'Ina', lastName: 'Park', email: 'ina@example.com' });
    const q = await (
      await t.request('/api/quotes', {
        method: 'POST',
        cookie: owner.cookie,
        json: { customerId: customer.id, items: [{ serviceName: 'Wax', quantity: 1, unitPriceCents: 10000 }] },
      })
    ).json();
    await t.request(`/api/quotes/${q.id}/send`, { method: 'POST', cookie: owner.cookie });
    const [mail] = await t.emailsTo('ina@example.com');
    const link = /localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    await t.request(`${link}/accept`, { method: 'POST' });
    const inv = await (await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie: owner.cookie })).json();
    const start = await t.request(`${inv.payPath}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ tip: 'custom', customTip: '7.50' }),
    });
    const checkout = start.headers.get('location')!.replace(TEST_ORIGIN, '');
    const back = (await t.request(`${checkout}/pay`, { method: 'POST' })).headers.get('location')!.replace(TEST_ORIGIN, '');
    await t.request(back);
    const dashboard = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(dashboard.tipsThisMonthCents).toBe(1800 + 750);
  });

  it('a custom tip that is not an amount is refused on the pay page', async () => {
    const owner = await t.signUp();
    const customer = await createCustomer(t.db, owner.userId, { firstName: 'Al', lastName: 'Bo', email: 'al@example.com' });
    const q = await (
      await t.request('/api/quotes', {
        method: 'POST',
        cookie: owner.cookie,
        json: { customerId: customer.id, items: [{ serviceName: 'Wax', quantity: 1, unitPriceCents: 10000 }] },
      })
    ).json();
    await t.request(`/api/quotes/${q.id}/send`, { method: 'POST', cookie: owner.cookie });
    const [mail] = await t.emailsTo('al@example.com');
    await t.request(`${/localhost:3000(\/quote\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1]}/accept`, { method: 'POST' });
    const inv = await (await t.request(`/api/invoices/from-quote/${q.id}`, { method: 'POST', cookie: owner.cookie })).json();
    const res = await t.request(`${inv.payPath}/checkout`, { method: 'POST', body: new URLSearchParams({ tip: 'custom', customTip: 'lots' }) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a custom tip in dollars');
  });
});
