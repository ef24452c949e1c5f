import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInZone, zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, updateProfile } from '../../db/factories';
import { bookings, checkoutSessions, messageSends } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';
import { newManageToken } from './automations/customer-links';
import { planReminders } from './automations/reminders';

const t = await createTestContext();
t.deps.messageRetryDelaysMs = [1, 1];
const ZONE = 'America/Chicago';
const HOUR = 3_600_000;

async function setup(startsAt: Date, status: 'pending' | 'confirmed' = 'confirmed') {
  const o = await t.signUp();
  await updateProfile(t.db, o.userId, {
    businessName: `Shine ${o.userId.slice(0, 4)}`,
    phone: '(512) 555-0100',
    timeZone: ZONE,
  });
  const c = await createCustomer(t.db, o.userId, {
    firstName: 'Casey',
    lastName: 'Driver',
    email: `self-${o.userId.slice(0, 6)}@example.com`,
  });
  const b = await createBooking(t.db, o.userId, {
    service: { id: null, name: 'Full Detail', durationMinutes: 60 },
    customerId: c.id,
    scheduledAt: startsAt,
    locationAddress: '1 Main St, Austin, TX 78701',
    quotedPriceCents: 15000,
    status,
  });
  const token = await newManageToken(t.db, o.userId, b.id);
  return { o, c, b, token };
}

const inDays = (days: number, time = '10:00') => zonedTimeToUtc(addDays(todayInZone(ZONE), days), time, ZONE);
const post = (path: string, json?: unknown) => t.request(path, { method: 'POST', json: json ?? {} });

describe('self-service reschedule and cancel', () => {
  it('moves the booking to a free slot; the owner sees the change in its history', async () => {
    const { o, b, token } = await setup(inDays(3));
    const view = await (await t.request(`/api/manage/${token}`)).json();
    expect(view).toMatchObject({
      serviceName: 'Full Detail',
      canChange: true,
      reason: null,
      businessPhone: '(512) 555-0100',
    });

    const date = addDays(todayInZone(ZONE), 5);
    const day = await (await t.request(`/api/manage/${token}/slots?date=${date}`)).json();
    const free = day.slots.find((s: { state: string }) => s.state === 'available');
    expect(free).toBeTruthy();
    const res = await post(`/api/manage/${token}/reschedule`, { date, time: free.time });
    expect(res.status).toBe(200);
    const [moved] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(moved!.scheduledAt.getTime()).toBe(zonedTimeToUtc(date, free.time, ZONE).getTime());

    const detail = await (await t.request(`/api/bookings/${b.id}`, { cookie: o.cookie })).json();
    expect(detail.history.at(-1)).toMatchObject({
      field: 'time',
      reason: 'Moved by the customer (self-service link)',
    });
    const notice = await t.db.select().from(messageSends).where(eq(messageSends.bookingId, b.id));
    // The customer's notice and the owner's, each a row written with the move (decision 1331).
    expect(notice.map((r) => r.kind).sort()).toEqual(['self_service', 'self_service_owner']);
    expect(
      (await t.emailsTo(o.email)).some((m) => m.subject?.startsWith('Booking moved by the customer')),
    ).toBe(true);
  });

  it('refuses changes inside 24 hours with the business phone, and a taken or closed slot', async () => {
    const { b, token } = await setup(new Date(Date.now() + 20 * HOUR));
    const view = await (await t.request(`/api/manage/${token}`)).json();
    expect(view.canChange).toBe(false);
    expect(view.reason).toBe(
      'Changes are possible up to 24 hours before your appointment. Please call the business at (512) 555-0100 to make a change.',
    );
    const date = addDays(todayInZone(ZONE), 5);
    const late = await post(`/api/manage/${token}/reschedule`, { date, time: '10:00' });
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe(view.reason);
    expect((await post(`/api/manage/${token}/cancel`)).status).toBe(409);
    const [same] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(same!.status).toBe('confirmed');

    const other = await setup(inDays(4));
    expect((await post(`/api/manage/${other.token}/reschedule`, { date, time: '23:00' })).status).toBe(400);
    expect(
      (await post(`/api/manage/${other.token}/reschedule`, { date: 'soon', time: '10:00' })).status,
    ).toBe(400);
  });

  it('a token reaches only its own booking; unknown or malformed tokens are 404', async () => {
    const a = await setup(inDays(3));
    const b = await setup(inDays(3));
    const view = await (await t.request(`/api/manage/${a.token}`)).json();
    expect(view.businessName).toBe(`Shine ${a.o.userId.slice(0, 4)}`);
    expect(JSON.stringify(view)).not.toContain(b.b.id);
    expect(JSON.stringify(view)).not.toContain(a.b.id);
    await post(`/api/manage/${a.token}/cancel`);
    const [untouched] = await t.db.select().from(bookings).where(eq(bookings.id, b.b.id));
    expect(untouched!.status).toBe('confirmed');
    for (const bad of ['x'.repeat(43), b.b.id, 'not-a-token'])
      expect((await t.request(`/api/manage/${bad}`)).status).toBe(404);
    expect((await post(`/api/manage/${'z'.repeat(43)}/cancel`)).status).toBe(404);
  });

  it('cancels once under 10 concurrent clicks; its reminders are dropped and the owner hears of it', async () => {
    const { o, b, token } = await setup(new Date(Date.now() + 25 * HOUR));
    await t.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) })
      .where(eq(bookings.id, b.id));
    // The 24-hour reminder is planned (as a tick two hours from now would) but not yet delivered.
    await planReminders(t.deps, new Date(Date.now() + 2 * HOUR));
    expect(
      (await t.db.select().from(messageSends).where(eq(messageSends.bookingId, b.id))).map((r) => r.kind),
    ).toEqual(['reminder_24h']);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`/api/manage/${token}/cancel`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row!.status).toBe('cancelled');
    await planReminders(t.deps, new Date(Date.now() + 2 * HOUR));
    // The pending reminder was dropped and none is planned again; the customer gets the cancellation notice.
    const sent = await t.db.select().from(messageSends).where(eq(messageSends.bookingId, b.id));
    expect(sent.map((r) => r.kind).sort()).toEqual(['self_service', 'self_service_owner']);
    expect(sent.find((r) => r.kind === 'self_service')!.subject).toMatch(
      /^Your Full Detail on .* is cancelled$/,
    );
    expect(sent.filter((r) => r.status === 'sent')).toHaveLength(2);
    const detail = await (await t.request(`/api/bookings/${b.id}`, { cookie: o.cookie })).json();
    expect(detail.history.at(-1)).toMatchObject({
      field: 'status',
      reason: 'Cancelled by the customer (self-service link)',
    });
    expect(
      (await t.emailsTo(o.email)).filter((m) => m.subject?.startsWith('Booking cancelled by the customer')),
    ).toHaveLength(1);
    // Once cancelled, the page says it can no longer be changed.
    const view = await (await t.request(`/api/manage/${token}`)).json();
    expect(view).toMatchObject({
      status: 'cancelled',
      canChange: false,
      reason: 'This booking can no longer be changed online.',
    });
  });
});

describe('a booking paid on /book', () => {
  it('is confirmed with the link, and cancelling from it refunds once under 10 concurrent clicks', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const email = `paid-${owner.userId.slice(0, 6)}@example.com`;
    const created = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: service!.id, date: daysAhead(6), email }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { sessionId, url } = await created.json();
    expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
    const done = await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } });
    expect(done.status, await done.clone().text()).toBe(200);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    const bookingId = checkout!.bookingId!;

    // The confirmation is a transactional email and text, each with the self-service link.
    // The owner's notice of the new booking is logged with it since the side effects commit with the booking (decision 1263).
    const sent = await t.db.select().from(messageSends).where(eq(messageSends.bookingId, bookingId));
    expect(sent.filter((r) => r.kind === 'owner_notice').map((r) => r.channel)).toEqual(['email']);
    const confirmations = sent.filter((r) => r.kind !== 'owner_notice');
    const link = { token: /\/manage\/([A-Za-z0-9_-]+)/.exec(confirmations[0]!.body)![1]! };
    expect(confirmations.map((r) => `${r.kind}/${r.channel}/${r.status}/${r.marketing}`).sort()).toEqual([
      'confirmation/email/sent/false',
      'confirmation/sms/sent/false',
    ]);
    for (const r of confirmations) expect(r.body).toContain(`/manage/${link.token}`);
    expect(confirmations.find((r) => r.channel === 'sms')!.to).toBe('+15125550199');

    const refund = t.deps.payments.refund.bind(t.deps.payments);
    let refunds = 0;
    t.deps.payments.refund = async (...args) => {
      refunds++;
      return refund(...args);
    };
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.request(`/api/manage/${link.token}/cancel`, { method: 'POST', json: {} }),
        ),
      );
      expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    } finally {
      t.deps.payments.refund = refund;
    }
    expect(refunds).toBe(1);
    const [after] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(after!.status).toBe('refunded');
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('cancelled');
    const mails = await t.emailsTo(email);
    expect(mails.filter((m) => m.body.includes('was cancelled as you asked'))).toHaveLength(1);
  });
});
