import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEAD_SERVICES } from '../../../shared/booking.schemas';
import { createBooking, createWaitlistEntry } from '../../db/factories';
import { bookings, checkoutSessions, emailWaitlist, user } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';

const t = await createTestContext();
const DAY = 24 * 60 * 60 * 1000;
const admin = await t.createAdmin();

const a = await t.signUp();
const b = await t.signUp();
await bookableBusiness(t.db, a.userId);
await bookableBusiness(t.db, b.userId, [{ name: 'Basic Wash', basePriceCents: 4500 }]);

/** A booking made `daysAgo` days ago (its created_at), with a status, price and tip. */
async function madeAgo(
  businessId: string | null,
  daysAgo: number,
  values: {
    status?: 'pending' | 'completed' | 'cancelled' | 'no_show';
    cents: number;
    tip?: number;
    zip?: string;
  },
) {
  const row = await createBooking(t.db, businessId, {
    service: { id: null, name: 'Seeded', durationMinutes: 60 },
    scheduledAt: new Date(Date.now() + DAY),
    locationAddress: '1 Main St',
    quotedPriceCents: values.cents,
    finalPriceCents: values.status === 'completed' ? values.cents : null,
    status: values.status ?? 'pending',
  });
  await t.db
    .update(bookings)
    .set({
      createdAt: new Date(Date.now() - daysAgo * DAY),
      tipCents: values.tip ?? 0,
      zipCode: values.zip ?? null,
    })
    .where(eq(bookings.id, row.id));
  return row;
}

// Seeded data spread over ~20 weeks: some inside the default 12-week period, some before it.
await madeAgo(a.userId, 3, { status: 'completed', cents: 12000, tip: 1500, zip: '78701' });
await madeAgo(a.userId, 10, { status: 'pending', cents: 8000, zip: '78701' });
await madeAgo(a.userId, 17, { status: 'cancelled', cents: 9000, tip: 700 });
await madeAgo(a.userId, 40, { status: 'no_show', cents: 5000 });
await madeAgo(b.userId, 5, { status: 'completed', cents: 4500, tip: 300 });
await madeAgo(b.userId, 130, { status: 'completed', cents: 99900, tip: 5000 });
await madeAgo(null, 2, { cents: 8000, zip: '10001' });
await createWaitlistEntry(t.db, 'w1@example.com', '10001');
await createWaitlistEntry(t.db, 'w2@example.com', '10001');
await createWaitlistEntry(t.db, 'w3@example.com', '73301');
await t.db.update(emailWaitlist).set({ notified: true }).where(eq(emailWaitlist.email, 'w3@example.com'));

const analytics = async (query = '') => {
  const res = await t.request(`/api/admin/analytics${query}`, { cookie: admin.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

/** The SQL truth, computed here from the rows without the service's aggregates. */
async function truth(fromAt: Date, toAt: Date) {
  const rows = await t.db.select().from(bookings);
  const inside = rows.filter((r) => r.createdAt >= fromAt && r.createdAt < toAt);
  const owned = inside.filter((r) => r.businessId);
  const [users] = await t.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(user)
    .where(
      sql`${user.createdAt} >= ${fromAt.toISOString()}::timestamptz and ${user.createdAt} < ${toAt.toISOString()}::timestamptz`,
    );
  return {
    signUps: users!.n,
    bookings: owned.length,
    activeBusinesses: new Set(owned.filter((r) => r.status !== 'cancelled').map((r) => r.businessId)).size,
    grossValueCents: owned
      .filter((r) => r.status !== 'cancelled' && r.status !== 'no_show')
      .reduce((s, r) => s + (r.finalPriceCents ?? r.quotedPriceCents), 0),
    completedRevenueCents: owned
      .filter((r) => r.status === 'completed')
      .reduce((s, r) => s + (r.finalPriceCents ?? 0), 0),
    tipsCents: owned.filter((r) => r.status !== 'cancelled').reduce((s, r) => s + r.tipCents, 0),
    leads: inside.filter((r) => !r.businessId).length,
    bookingsWithZip: inside.filter((r) => r.zipCode).length,
  };
}

describe('GET /api/admin/analytics', () => {
  it('equals the SQL truth on seeded data, for the default period and for a chosen one', async () => {
    const body = await analytics();
    const { from, to } = body.period;
    expect(body.weeks.length).toBeGreaterThanOrEqual(12);
    const expected = await truth(
      new Date(`${from}T00:00:00Z`),
      new Date(Date.parse(`${to}T00:00:00Z`) + DAY),
    );
    expect(body.totals).toMatchObject(expected);
    expect(expected.bookings).toBe(5);
    // The weeks add up to the totals.
    const sum = (k: string) => body.weeks.reduce((s: number, w: Record<string, number>) => s + w[k]!, 0);
    expect(sum('bookings')).toBe(body.totals.bookings);
    expect(sum('grossValueCents')).toBe(body.totals.grossValueCents);
    expect(sum('tipsCents')).toBe(body.totals.tipsCents);
    expect(sum('signUps')).toBe(body.totals.signUps);

    const longAgo = new Date(Date.now() - 200 * DAY).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const all = await analytics(`?from=${longAgo}&to=${today}`);
    expect(all.totals).toMatchObject(
      await truth(new Date(`${longAgo}T00:00:00Z`), new Date(Date.parse(`${today}T00:00:00Z`) + DAY)),
    );
    expect(all.totals.bookings).toBe(6);
  });

  it("agrees with the owners' dashboards: bookings and revenue are the sum of every business's", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const all = await analytics(`?from=${day(-700)}&to=${day(1)}`);
    let bookingsSum = 0;
    let revenueSum = 0;
    for (const owner of [a, b, admin]) {
      const dash = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
      bookingsSum += dash.stats.totalBookings;
      revenueSum += dash.stats.totalRevenueCents;
    }
    expect(all.totals.bookings).toBe(bookingsSum);
    expect(all.totals.completedRevenueCents).toBe(revenueSum);
  });

  it('shows waitlist demand by zip', async () => {
    const body = await analytics();
    expect(body.waitlistByZip).toEqual([
      { zipCode: '10001', entries: 2, notified: 0 },
      { zipCode: '73301', entries: 1, notified: 1 },
    ]);
    expect(body.totals.waitlistEntries).toBe(3);
  });

  it('counts zip checks (served or not) and the bookings that followed, and bookings that came from SEO pages', async () => {
    const before = (await analytics()).totals;
    for (let i = 0; i < 7; i++)
      expect((await t.request('/api/public/availability?zip=94110')).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await t.request('/api/public/availability?zip=10001')).status).toBe(200);
    // Two customers book a lead from an SEO page (completed), one from the home page, one never pays.
    const book = async (landingPath: string | null, pay: boolean, i: number) => {
      const res = await t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({
          serviceId: LEAD_SERVICES[0]!.id,
          date: daysAhead(3 + i),
          time: `1${i}:00`,
          email: `seo${i}@example.com`,
          landingPath,
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { sessionId, url } = await res.json();
      if (!pay) return;
      expect((await t.request(`${new URL(url).pathname}/pay`, { method: 'POST' })).status).toBe(303);
      expect(
        (await t.request('/api/booking/complete-booking', { method: 'POST', json: { sessionId } })).status,
      ).toBe(200);
    };
    await book('/seo/mobile-detailing-austin-tx', true, 0);
    await book('/seo/mobile-detailing-austin-tx', true, 1);
    await book('/', true, 2);
    await book('/seo/car-wash-dallas-tx', false, 3);
    const after = await analytics();
    expect(after.totals.zipChecks - before.zipChecks).toBe(10);
    expect(after.totals.bookingsWithZip - before.bookingsWithZip).toBe(3);
    expect(after.totals.leads - before.leads).toBe(3);
    expect(after.totals.seoBookings).toBe(2);
    expect(after.seoLandingPages).toEqual([
      {
        path: '/seo/mobile-detailing-austin-tx',
        bookings: 2,
        grossValueCents: 2 * LEAD_SERVICES[0]!.basePriceCents,
      },
    ]);
    expect(after.totals.zipCheckConversion).toBeCloseTo(
      after.totals.bookingsWithZip / after.totals.zipChecks,
      4,
    );
    const [stored] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.landingPath, '/seo/car-wash-dallas-tx'));
    expect(stored!.n).toBe(1);
  });

  it('drops a landing path that is not a path on this site', async () => {
    const res = await t.request('/api/booking/create-payment', {
      method: 'POST',
      json: bookingForm({
        serviceId: LEAD_SERVICES[1]!.id,
        date: daysAhead(9),
        email: 'evil@example.com',
        landingPath: '//evil.test/x',
      }),
    });
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.email, 'evil@example.com'));
    expect(row!.landingPath).toBeNull();
  });

  it('refuses a bad period with 400', async () => {
    for (const q of [
      '?from=2026-13-01',
      '?from=2026-05-02&to=2026-05-01',
      '?from=2020-01-01&to=2026-01-01',
    ]) {
      const res = await t.request(`/api/admin/analytics${q}`, { cookie: admin.cookie });
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.message).toBeTruthy();
    }
  });

  it('exports the same figures as CSV', async () => {
    const body = await analytics();
    const res = await t.request('/api/admin/analytics/export.csv', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(
      `shineroute-analytics-${body.period.from}-to-${body.period.to}.csv`,
    );
    const text = await res.text();
    expect(text).toContain(`Bookings,${body.totals.bookings}\r\n`);
    expect(text).toContain(`Gross booking value (USD),${(body.totals.grossValueCents / 100).toFixed(2)}\r\n`);
    for (const w of body.weeks) expect(text).toContain(`${w.weekStart},${w.signUps},${w.bookings},`);
  });

  it('is for admins only', async () => {
    expect((await t.request('/api/admin/analytics')).status).toBe(401);
    expect((await t.request('/api/admin/analytics', { cookie: a.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/analytics/export.csv', { cookie: a.cookie })).status).toBe(403);
  });
});
