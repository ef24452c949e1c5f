import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../../shared/constants';
import { todayInZone, zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, createService, createVehicle } from '../../db/factories';
import { bookings, checkoutSessions } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from './book/booking.fixtures';

const t = await createTestContext();
const HOUR = 3_600_000;

async function ownerWithBooking(
  opts: { status?: BookingStatus; scheduledAt?: Date; priceCents?: number } = {},
) {
  const owner = await t.signUp();
  const service = await createService(t.db, owner.userId, {
    name: 'Premium Detail',
    basePriceCents: 12000,
    durationMinutes: 180,
  });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Jordan',
    lastName: 'Reyes',
    email: `jordan.${owner.userId}@example.com`,
  });
  const vehicle = await createVehicle(t.db, owner.userId, customer.id, {
    make: 'Toyota',
    model: 'Camry',
    year: 2021,
    color: 'Silver',
    vehicleType: 'sedan',
  });
  const booking = await createBooking(t.db, owner.userId, {
    service,
    customerId: customer.id,
    customerVehicleId: vehicle.id,
    scheduledAt: opts.scheduledAt ?? new Date(Date.now() + 48 * HOUR),
    locationAddress: '12 Lamar Blvd, Austin, TX',
    quotedPriceCents: opts.priceCents ?? 12000,
    status: opts.status ?? 'pending',
  });
  return { owner, service, customer, vehicle, booking };
}

const setStatus = (cookie: string, id: string, status: string) =>
  t.request(`/api/bookings/${id}/status`, { method: 'PATCH', cookie, json: { status } });

describe('GET /api/bookings', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/bookings')).status).toBe(401);
  });

  it('lists upcoming bookings soonest first (today first), past ones on request, never another business’s', async () => {
    const { owner, service, customer } = await ownerWithBooking({
      scheduledAt: new Date(Date.now() + 100 * HOUR),
    });
    const today = zonedTimeToUtc(todayInZone('America/Chicago'), '00:30', 'America/Chicago');
    for (const [scheduledAt, locationAddress] of [
      [today, 'Today St'],
      [new Date(Date.now() - 72 * HOUR), 'Last week Rd'],
      [new Date(Date.now() - 48 * HOUR), 'Day before Ave'],
    ] as const) {
      await createBooking(t.db, owner.userId, {
        service,
        customerId: customer.id,
        scheduledAt,
        locationAddress,
        quotedPriceCents: 4500,
      });
    }
    await ownerWithBooking(); // another business
    const res = await t.request('/api/bookings', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.nextCursor).toBeNull();
    expect(body.items.map((b: { locationAddress: string }) => b.locationAddress)).toEqual([
      'Today St',
      '12 Lamar Blvd, Austin, TX',
    ]);
    expect(body.items[1]).toMatchObject({
      status: 'pending',
      quotedPriceCents: 12000,
      payment: 'unpaid',
      service: { name: 'Premium Detail', durationMinutes: 180 },
      customer: { firstName: 'Jordan', lastName: 'Reyes' },
      vehicle: { make: 'Toyota', model: 'Camry', year: 2021, color: 'Silver', vehicleType: 'sedan' },
    });
    const past = await (await t.request('/api/bookings?when=past', { cookie: owner.cookie })).json();
    expect(past.items.map((b: { locationAddress: string }) => b.locationAddress)).toEqual([
      'Day before Ave',
      'Last week Rd',
    ]);
  });

  it('pages with a cursor and refuses a broken one', async () => {
    const { owner, service } = await ownerWithBooking({ scheduledAt: new Date(Date.now() + 24 * HOUR) });
    for (const h of [48, 72, 96, 120])
      await createBooking(t.db, owner.userId, {
        service,
        scheduledAt: new Date(Date.now() + h * HOUR),
        locationAddress: `${h}h`,
        quotedPriceCents: 1,
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/bookings?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await (await t.request(url, { cookie: owner.cookie })).json();
      seen.push(...page.items.map((b: { locationAddress: string }) => b.locationAddress));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['12 Lamar Blvd, Austin, TX', '48h', '72h', '96h', '120h']);
    const bad = await t.request('/api/bookings?cursor=nonsense', { cookie: owner.cookie });
    expect(bad.status).toBe(400);
  });

  it.each([
    ['jordan rey', 1],
    ['camry', 1],
    ['premium', 1],
    ['lamar', 1],
    ['2021 toyota', 1],
    ['nobody-matches', 0],
    ['%', 0],
  ])('searches customer, service, vehicle and address: %j', async (search, expected) => {
    const { owner } = await ownerWithBooking();
    const body = await (
      await t.request(`/api/bookings?q=${encodeURIComponent(search)}`, { cookie: owner.cookie })
    ).json();
    expect(body.items).toHaveLength(expected);
  });

  it('filters by status', async () => {
    const { owner, service } = await ownerWithBooking({ status: 'confirmed' });
    await createBooking(t.db, owner.userId, {
      service,
      scheduledAt: new Date(Date.now() + HOUR),
      locationAddress: 'x',
      quotedPriceCents: 1,
      status: 'completed',
    });
    const confirmed = await (
      await t.request('/api/bookings?status=confirmed', { cookie: owner.cookie })
    ).json();
    expect(confirmed.items.map((b: { status: string }) => b.status)).toEqual(['confirmed']);
    const all = await (await t.request('/api/bookings?status=all', { cookie: owner.cookie })).json();
    expect(all.items).toHaveLength(2);
    const bad = await t.request('/api/bookings?status=teleported', { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Unknown status filter');
  });
});

const lifetimeValue = async (cookie: string, customerId: string) =>
  (await (await t.request(`/api/customers/${customerId}`, { cookie })).json()).lifetimeValueCents as number;

describe('PATCH /api/bookings/:id/status', () => {
  it('walks pending → confirmed → in_progress → completed; completing adds to the lifetime value and revenue', async () => {
    const { owner, booking, customer } = await ownerWithBooking({ priceCents: 15600 });
    const before = (await (await t.request('/api/dashboard', { cookie: owner.cookie })).json()).stats;
    for (const status of ['confirmed', 'in_progress', 'completed']) {
      const res = await setStatus(owner.cookie, booking.id, status);
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json()).status).toBe(status);
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.finalPriceCents).toBe(15600);
    expect(await lifetimeValue(owner.cookie, customer.id)).toBe(15600);
    const after = (await (await t.request('/api/dashboard', { cookie: owner.cookie })).json()).stats;
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(15600);
    expect(after.pendingBookings).toBe(before.pendingBookings - 1);
  });

  it('sets final_price from the quote when it was missing', async () => {
    const { owner, booking } = await ownerWithBooking({ status: 'in_progress', priceCents: 9900 });
    await t.db.update(bookings).set({ finalPriceCents: null }).where(eq(bookings.id, booking.id));
    await setStatus(owner.cookie, booking.id, 'completed');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.finalPriceCents).toBe(9900);
  });

  it.each([
    ['pending', 'in_progress'],
    ['pending', 'completed'],
    ['confirmed', 'cancelled'],
    ['confirmed', 'completed'],
    ['completed', 'pending'],
    ['cancelled', 'confirmed'],
    ['in_progress', 'cancelled'],
    ['no_show', 'confirmed'],
  ] as const)('refuses %s → %s with 409', async (from, to) => {
    const { owner, booking } = await ownerWithBooking({
      status: from,
      scheduledAt: new Date(Date.now() - HOUR),
    });
    const res = await setStatus(owner.cookie, booking.id, to);
    expect(res.status).toBe(409);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe(from);
  });

  it('completes only once when clicked twice at once', async () => {
    const { owner, booking, customer } = await ownerWithBooking({ status: 'in_progress', priceCents: 5000 });
    const results = await Promise.all([
      setStatus(owner.cookie, booking.id, 'completed'),
      setStatus(owner.cookie, booking.id, 'completed'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await lifetimeValue(owner.cookie, customer.id)).toBe(5000);
  });

  it('marks a confirmed booking a no-show only after its time', async () => {
    const future = await ownerWithBooking({ status: 'confirmed', scheduledAt: new Date(Date.now() + HOUR) });
    const early = await setStatus(future.owner.cookie, future.booking.id, 'no_show');
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toBe(
      'A booking can be marked as a no-show only after its scheduled time',
    );
    const past = await ownerWithBooking({ status: 'confirmed', scheduledAt: new Date(Date.now() - HOUR) });
    const res = await setStatus(past.owner.cookie, past.booking.id, 'no_show');
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('no_show');
  });

  it('rejects an unknown status with 400', async () => {
    const { owner, booking } = await ownerWithBooking();
    const res = await setStatus(owner.cookie, booking.id, 'paid');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Unknown booking status');
  });

  it("answers 404 for another business's booking, a malformed id, and 401 signed out", async () => {
    const mine = await ownerWithBooking();
    const theirs = await ownerWithBooking();
    expect((await setStatus(mine.owner.cookie, theirs.booking.id, 'confirmed')).status).toBe(404);
    expect((await setStatus(mine.owner.cookie, 'not-a-uuid', 'confirmed')).status).toBe(404);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, theirs.booking.id));
    expect(row!.status).toBe('pending');
    expect(
      (
        await t.request(`/api/bookings/${mine.booking.id}/status`, {
          method: 'PATCH',
          json: { status: 'confirmed' },
        })
      ).status,
    ).toBe(401);
  });

  it('refunds a paid booking when the owner cancels it', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const created = await (
      await t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({
          businessId: owner.userId,
          serviceId: service!.id,
          email: 'refund.me@example.com',
        }),
      })
    ).json();
    await t.request(`${new URL(created.url).pathname}/pay`, { method: 'POST' });
    const done = await (
      await t.request('/api/booking/complete-booking', {
        method: 'POST',
        json: { sessionId: created.sessionId },
      })
    ).json();
    const res = await setStatus(owner.cookie, done.booking.id, 'cancelled');
    expect(res.status).toBe(200);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, created.sessionId));
    expect(checkout!.status).toBe('refunded');
    const mails = await t.emailsTo('refund.me@example.com');
    expect(mails.map((m) => m.subject)).toContain('Your booking for Premium Detail was cancelled');
  });
});
