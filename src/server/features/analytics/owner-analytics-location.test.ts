import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previousPeriod } from '../../../shared/owner-analytics';
import { addDays, zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, createService } from '../../db/factories';
import { bookings, invoices } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { createLocation } from '../locations/locations.service';
import { ownerAdvancedAnalytics, ownerAnalytics, ownerAnalyticsQueries } from './owner-analytics.service';

// The owner's analytics narrowed to one location (decision 1311) and the customer figures computed in one pass
// (decision 1310): for random bookings over two locations, the summary's customers, returning customers, retention
// and the cohorts equal a plain recomputation from the rows, for the whole business and for each location; the API
// takes only the business's own locations (another's is 404) and the CSV exports follow the filter.

const t = await createTestContext();
const ZONE = 'America/Chicago';
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };

async function shop() {
  const owner = await t.signUp({ plan: 'elite' });
  const id = owner.userId;
  const service = await createService(t.db, id, { name: 'Full Detail', basePriceCents: 10_000 });
  const customers = [];
  for (const first of ['ann', 'bob', 'cy', 'dee']) {
    customers.push(
      await createCustomer(t.db, id, {
        firstName: first,
        lastName: 'Doe',
        email: `${first}-${id.slice(0, 6)}@example.com`,
      }),
    );
  }
  // The primary location is made with the business (decision 1280).
  const [primary] = (
    await t.db.execute<{ id: string }>(sql`select id from locations where business_id = ${id} and is_primary`)
  ).rows;
  const north = await createLocation(t.db, id, {
    name: 'North',
    address: '9 North Rd, Austin, TX',
    timeZone: ZONE,
    weeklyHours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '18:00' })),
    zips: [],
    technicianIds: [],
  });
  return { owner, id, service, customers, locations: [primary!.id, north.id] };
}

type Shop = Awaited<ReturnType<typeof shop>>;
const STATUSES = ['pending', 'completed', 'cancelled', 'no_show'] as const;
interface Row {
  day: number;
  status: (typeof STATUSES)[number];
  customer: number;
  location: number;
  price: number;
  refund: number;
}

let invoiceNumber = 0;
async function write(s: Shop, rows: Row[]) {
  await t.db.delete(invoices).where(eq(invoices.businessId, s.id));
  await t.db.delete(bookings).where(eq(bookings.businessId, s.id));
  for (const r of rows) {
    const b = await createBooking(t.db, s.id, {
      service: { id: s.service.id, name: s.service.name, durationMinutes: 60 },
      customerId: s.customers[r.customer]?.id ?? null,
      // 15:00 UTC: the same calendar day in Chicago.
      scheduledAt: new Date(Date.UTC(2026, 9, 1, 15) + r.day * 86_400_000),
      locationAddress: '1 Main St',
      quotedPriceCents: r.price,
      finalPriceCents: r.status === 'completed' ? r.price : null,
      status: r.status,
    });
    await t.db.update(bookings).set({ locationId: s.locations[r.location]! }).where(eq(bookings.id, b.id));
    if (r.refund > 0 && r.status === 'completed' && r.price > 0) {
      await t.db.insert(invoices).values({
        businessId: s.id,
        number: ++invoiceNumber,
        customerId: b.customerId,
        bookingId: b.id,
        customerName: 'Doe',
        customerEmail: 'doe@example.com',
        items: [],
        subtotalCents: r.price,
        taxRateBps: 0,
        taxCents: 0,
        totalCents: r.price,
        paidCents: r.price,
        refundedCents: Math.min(r.refund, r.price),
        status: r.refund >= r.price ? 'refunded' : 'partially_refunded',
        dueAt: new Date(),
      });
    }
  }
}

/** The figures recomputed from the rows, as the owner reads them (decision 1191), for one location or all. */
function expected(rows: Row[], location: number | null) {
  const at = (r: Row) => Date.UTC(2026, 9, 1, 15) + r.day * 86_400_000;
  const instant = (d: string) => zonedTimeToUtc(d, '00:00', ZONE).getTime();
  const fromAt = instant(OCTOBER.from);
  const toAt = instant(addDays(OCTOBER.to, 1));
  const prevFromAt = instant(previousPeriod(OCTOBER).from);
  const here = (r: Row) => location === null || r.location === location;
  const done = (r: Row) => r.status === 'completed' && r.customer < 4;
  const net = (r: Row) => r.price - Math.min(r.price, r.refund > 0 && r.price > 0 ? r.refund : 0);
  const scope = rows.filter((r) => here(r) && at(r) >= fromAt && at(r) < toAt);
  const served = new Set(scope.filter(done).map((r) => r.customer));
  const before = new Set(rows.filter((r) => done(r) && at(r) < fromAt).map((r) => r.customer));
  const previous = new Set(
    rows.filter((r) => done(r) && here(r) && at(r) >= prevFromAt && at(r) < fromAt).map((r) => r.customer),
  );
  const returning = [...served].filter((c) => before.has(c)).length;
  const completed = scope.filter((r) => r.status === 'completed');
  const cohorts = new Map<string, { customers: number; bookings: number; revenueCents: number }>();
  for (const c of new Set(rows.filter((r) => done(r) && here(r) && at(r) < toAt).map((r) => r.customer))) {
    const mine = rows.filter((r) => done(r) && here(r) && at(r) < toAt && r.customer === c);
    const first = new Date(Math.min(...mine.map(at))).toISOString().slice(0, 7);
    const k = cohorts.get(first) ?? { customers: 0, bookings: 0, revenueCents: 0 };
    k.customers++;
    k.bookings += mine.length;
    k.revenueCents += mine.reduce((s, r) => s + net(r), 0);
    cohorts.set(first, k);
  }
  return {
    summary: {
      revenueCents: completed.reduce((s, r) => s + net(r), 0),
      bookings: scope.filter((r) => r.status !== 'cancelled' && r.status !== 'no_show').length,
      completedBookings: completed.length,
      customers: served.size,
      returningCustomers: returning,
      newCustomers: served.size - returning,
      retention: previous.size ? [...previous].filter((c) => served.has(c)).length / previous.size : null,
    },
    cohorts: [...cohorts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([cohort, k]) => ({ cohort, ...k })),
  };
}

describe('customers, retention and cohorts, for the business and each location (random data)', () => {
  it('equal a recomputation from the rows', async () => {
    const s = await shop();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            // From late July to mid November: before, in and after the previous period and October.
            day: fc.integer({ min: -70, max: 40 }),
            status: fc.constantFrom(...STATUSES),
            customer: fc.integer({ min: 0, max: 4 }),
            location: fc.integer({ min: 0, max: 1 }),
            price: fc.integer({ min: 0, max: 30_000 }),
            refund: fc.integer({ min: 0, max: 40_000 }),
          }),
          { maxLength: 14 },
        ),
        async (rows) => {
          await write(s, rows);
          for (const location of [null, 0, 1]) {
            const locationId = location === null ? null : s.locations[location]!;
            const want = expected(rows, location);
            const basic = await ownerAnalytics(t.db, s.id, OCTOBER, locationId);
            expect(basic.summary).toMatchObject(want.summary);
            // Both ways of counting customers (one grouped pass, a probe per customer) give the same figures.
            for (const onePass of [true, false]) {
              const scoped = { ...OCTOBER, locationId };
              const summary = await ownerAnalyticsQueries.summaryOf(t.db, s.id, ZONE, scoped, true, onePass);
              expect(summary, `one pass: ${onePass}`).toMatchObject(want.summary);
            }
            const adv = await ownerAdvancedAnalytics(t.db, s.id, OCTOBER, locationId);
            expect(adv.cohorts.map(({ lifetimeValueCents: _, ...c }) => c)).toEqual(want.cohorts);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);
});

describe('the location filter of the API', () => {
  it("narrows the figures and the CSV to one location; another business's location is 404", async () => {
    const s = await shop();
    const rows: Row[] = [
      { day: 3, status: 'completed', customer: 0, location: 0, price: 10_000, refund: 0 },
      { day: 4, status: 'completed', customer: 1, location: 1, price: 25_000, refund: 0 },
      { day: 5, status: 'no_show', customer: 2, location: 1, price: 7_000, refund: 0 },
    ];
    await write(s, rows);
    const get = (q: string) => t.request(`/api/analytics${q}`, { cookie: s.owner.cookie });
    const all = await (await get('?from=2026-10-01&to=2026-10-31')).json();
    expect(all.summary).toMatchObject({ revenueCents: 35_000, customers: 2 });
    const north = await get(`?from=2026-10-01&to=2026-10-31&locationId=${s.locations[1]}`);
    expect(north.status).toBe(200);
    expect((await north.json()).summary).toMatchObject({ revenueCents: 25_000, customers: 1 });
    const adv = await (
      await get(`/advanced?from=2026-10-01&to=2026-10-31&locationId=${s.locations[1]}`)
    ).json();
    expect(adv.cancellations).toMatchObject({ noShows: 1, noShowValueCents: 7_000, scheduled: 2 });
    expect(adv.byService.map((x: { revenueCents: number }) => x.revenueCents)).toEqual([25_000]);

    const csv = await get(
      `/export.csv?report=services&from=2026-10-01&to=2026-10-31&locationId=${s.locations[0]}`,
    );
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Full Detail,1,100.00');
    const revenue = await get(
      `/export.csv?report=revenue&from=2026-10-01&to=2026-10-31&locationId=${s.locations[1]}`,
    );
    expect(await revenue.text()).toContain('Total,250.00');

    // Another business's location, a made-up id and garbage: 404 on every view, nothing read.
    const other = await shop();
    for (const id of [other.locations[1], '00000000-0000-4000-8000-000000000000', 'not-a-location']) {
      for (const path of ['', '/advanced', '/export.csv?report=revenue&x=1']) {
        const sep = path.includes('?') ? '&' : '?';
        const res = await get(`${path}${sep}locationId=${id}`);
        expect(res.status, `${path} ${id}`).toBe(404);
      }
    }
  });
});
