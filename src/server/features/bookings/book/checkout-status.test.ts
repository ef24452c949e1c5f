import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from './booking.fixtures';

// The /book tab that opened the checkout asks what became of it while the customer pays in the other tab, and shows
// the confirmation once the booking exists (issue 16).

const t = await createTestContext();

const status = (sessionId: string) =>
  t.request(`/api/booking/checkout-status?sessionId=${encodeURIComponent(sessionId)}`);

async function openCheckout(time: string) {
  const owner = await t.signUp();
  const [service] = await bookableBusiness(t.db, owner.userId);
  const res = await t.request('/api/booking/create-payment', {
    method: 'POST',
    json: bookingForm({ businessId: owner.userId, serviceId: service!.id, date: daysAhead(9), time }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId, url } = (await res.json()) as { sessionId: string; url: string };
  return { sessionId, checkoutPath: new URL(url).pathname };
}

describe('GET /api/booking/checkout-status', () => {
  it('is open while the customer pays, paid once paid, and booked once the booking is made', async () => {
    const { sessionId, checkoutPath } = await openCheckout('10:00');
    expect(await (await status(sessionId)).json()).toEqual({ state: 'open' });

    expect((await t.request(`${checkoutPath}/pay`, { method: 'POST' })).status).toBe(303);
    expect(await (await status(sessionId)).json()).toEqual({ state: 'paid' });

    const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
    expect(done.status).toBe(200);
    expect(await (await status(sessionId)).json()).toEqual({ state: 'booked' });
  });

  it('reports a cancelled and an expired checkout', async () => {
    const cancelled = await openCheckout('13:00');
    expect((await t.request(`${cancelled.checkoutPath}/cancel`, { method: 'POST' })).status).toBe(303);
    expect(await (await status(cancelled.sessionId)).json()).toEqual({ state: 'cancelled' });

    const stale = await openCheckout('15:00');
    await t.db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.providerSessionId, stale.sessionId));
    expect(await (await status(stale.sessionId)).json()).toEqual({ state: 'expired' });
  });

  it('answers 404 for an unknown session and 400 without one', async () => {
    const unknown = await status('test_cs_no-such-session');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('This booking session could not be found');
    expect((await t.request('/api/booking/checkout-status')).status).toBe(400);
  });
});
