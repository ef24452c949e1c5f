import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatDateTimeInZone } from '../../../shared/time';
import { bookings, checkoutSessions, messageSends } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';

const t = await createTestContext();
t.deps.messageRetryDelaysMs = [1, 1];

describe('a paid booking moved, then cancelled, through the manage link', () => {
  it('the cancellation email names the new date and time, not the one first booked', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId, [
      { name: 'Full Detail', basePriceCents: 15000, durationMinutes: 60 },
    ]);
    const email = `moved-${owner.userId.slice(0, 6)}@example.com`;
    const created = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({
        businessId: owner.userId,
        serviceId: service!.id,
        date: daysAhead(6),
        time: '09:00',
        email,
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { sessionId, url } = await created.json();
    expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
    expect(
      (await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } })).status,
    ).toBe(200);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    const bookingId = checkout!.bookingId!;
    const [confirmation] = await t.db
      .select()
      .from(messageSends)
      .where(eq(messageSends.bookingId, bookingId));
    const link = { token: /\/manage\/([A-Za-z0-9_-]+)/.exec(confirmation!.body)![1]! };
    const first = checkout!.scheduledAt;

    const date = daysAhead(8);
    const day = await (await t.request(`/api/manage/${link.token}/slots?date=${date}`)).json();
    const free = day.slots.find((s: { state: string }) => s.state === 'available');
    const moved = await t.request(`/api/manage/${link.token}/reschedule`, {
      method: 'POST',
      json: { date, time: free.time },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const cancelled = await t.request(`/api/manage/${link.token}/cancel`, { method: 'POST', json: {} });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const newWhen = formatDateTimeInZone(booking!.scheduledAt, DEFAULT_TIME_ZONE);
    const oldWhen = formatDateTimeInZone(first, DEFAULT_TIME_ZONE);
    expect(newWhen).not.toBe(oldWhen);
    const [mail] = (await t.emailsTo(email)).filter((m) => m.body.includes('was cancelled as you asked'));
    expect(mail!.body).toContain(`on ${newWhen} was cancelled`);
    expect(mail!.body).not.toContain(oldWhen);
  });
});
