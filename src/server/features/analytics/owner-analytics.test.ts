import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createInventoryItem,
  createService,
  createTestimonial,
  grantRole,
} from '../../db/factories';
import { bookings, fieldEvents, invoices, stockMovements, timeEntries } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { ownerAdvancedAnalytics, ownerAnalytics } from './owner-analytics.service';

// The owner's analytics against a fixture computed by hand (docs/decisions/1191): the business's days in
// America/Chicago (a booking late on 31 October there is 1 November in UTC), refunds off revenue, tips apart,
// cancelled and no-show bookings as lost revenue; and, for random data, every breakdown adds up to the total.

const t = await createTestContext();
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };

async function business() {
  const owner = await t.signUp();
  const id = owner.userId;
  const premium = await createService(t.db, id, { name: 'Premium Detail', basePriceCents: 20_000 });
  const wash = await createService(t.db, id, { name: 'Basic Wash', basePriceCents: 8_000 });
  const customer = (first: string) =>
    createCustomer(t.db, id, {
      firstName: first,
      lastName: 'Doe',
      email: `${first}-${id.slice(0, 6)}@example.com`,
    });
  return { owner, id, premium, wash, customer };
}

type Biz = Awaited<ReturnType<typeof business>>;

async function booking(
  biz: Biz,
  v: {
    service: { id: string; name: string };
    customerId: string | null;
    at: string;
    price: number;
    status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';
    tip?: number;
  },
) {
  const row = await createBooking(t.db, biz.id, {
    service: { id: v.service.id, name: v.service.name, durationMinutes: 90 },
    customerId: v.customerId,
    scheduledAt: new Date(v.at),
    locationAddress: '1 Main St',
    quotedPriceCents: v.price,
    finalPriceCents: v.status === 'completed' ? v.price : null,
    status: v.status,
  });
  if (v.tip) await t.db.update(bookings).set({ tipCents: v.tip }).where(eq(bookings.id, row.id));
  return row;
}

let invoiceNumber = 0;
/** The booking's invoice, paid in full, with `refunded` given back by the owner. */
async function refundedInvoice(
  biz: Biz,
  b: { id: string; customerId: string | null },
  price: number,
  refunded: number,
) {
  await t.db.insert(invoices).values({
    businessId: biz.id,
    number: ++invoiceNumber,
    customerId: b.customerId,
    bookingId: b.id,
    customerName: 'Doe',
    customerEmail: 'doe@example.com',
    items: [],
    subtotalCents: price,
    taxRateBps: 0,
    taxCents: 0,
    totalCents: price,
    paidCents: price,
    refundedCents: refunded,
    status: refunded >= price ? 'refunded' : 'partially_refunded',
    dueAt: new Date(),
  });
}

// The fixture, built once for the file.
const biz = await business();
const [c1, c2, c3] = [await biz.customer('ann'), await biz.customer('bob'), await biz.customer('cy')];
const tech = await t.signUp({ firstName: 'Tina', lastName: 'Tech' });
// C1 was served in July and on 30 September (local; 1 October in UTC): a returning customer, retained.
await booking(biz, {
  service: biz.premium,
  customerId: c1.id,
  at: '2026-07-10T15:00:00Z',
  price: 18_000,
  status: 'completed',
});
await booking(biz, {
  service: biz.premium,
  customerId: c1.id,
  at: '2026-10-01T04:30:00Z',
  price: 20_000,
  status: 'completed',
});
const b1 = await booking(biz, {
  service: biz.premium,
  customerId: c1.id,
  at: '2026-10-05T15:00:00Z',
  price: 20_000,
  status: 'completed',
  tip: 3_000,
});
const b2 = await booking(biz, {
  service: biz.wash,
  customerId: c2.id,
  at: '2026-10-12T15:00:00Z',
  price: 8_000,
  status: 'completed',
});
await refundedInvoice(biz, b2, 8_000, 2_000);
// 22:30 on 31 October in Chicago: October's, though 1 November in UTC.
const b3 = await booking(biz, {
  service: biz.premium,
  customerId: c3.id,
  at: '2026-11-01T03:30:00Z',
  price: 15_000,
  status: 'completed',
});
await booking(biz, {
  service: biz.wash,
  customerId: c2.id,
  at: '2026-10-20T15:00:00Z',
  price: 8_000,
  status: 'cancelled',
});
await booking(biz, {
  service: biz.premium,
  customerId: c3.id,
  at: '2026-10-22T15:00:00Z',
  price: 15_000,
  status: 'no_show',
});
await booking(biz, {
  service: biz.wash,
  customerId: c2.id,
  at: '2026-10-25T15:00:00Z',
  price: 8_000,
  status: 'pending',
});
await assignBooking(t.db, biz.id, b1.id, tech.userId);
await assignBooking(t.db, biz.id, b3.id, tech.userId);
// Four bottles of $2.50 went into b1.
const item = await createInventoryItem(t.db, biz.id, { name: 'Polish', unitCostCents: 250 });
await t.db.insert(stockMovements).values({
  businessId: biz.id,
  inventoryItemId: item.id,
  change: -4,
  stockAfter: 6,
  reason: 'job',
  bookingId: b1.id,
});
await createTestimonial(t.db, biz.id, {
  customerName: 'Ann',
  testimonialText: 'Great',
  rating: 4,
  dateReceived: '2026-10-06',
});
await createTestimonial(t.db, biz.id, {
  customerName: 'Bob',
  testimonialText: 'Good',
  rating: 5,
  dateReceived: '2026-10-13',
});
// Another business's October booking never counts.
const other = await business();
await booking(other, {
  service: other.premium,
  customerId: null,
  at: '2026-10-05T15:00:00Z',
  price: 99_900,
  status: 'completed',
  tip: 500,
});

describe('owner analytics, by hand', () => {
  it('revenue net of refunds, tips apart, bookings, average ticket and customers', async () => {
    const a = await ownerAnalytics(t.db, biz.id, OCTOBER);
    expect(a.previous).toEqual({ from: '2026-08-31', to: '2026-09-30' });
    expect(a.summary).toEqual({
      revenueCents: 41_000,
      tipsCents: 3_000,
      refundsCents: 2_000,
      bookings: 4,
      completedBookings: 3,
      averageTicketCents: 13_667,
      customers: 3,
      newCustomers: 2,
      returningCustomers: 1,
      repeatRate: 1 / 3,
      retention: 1,
    });
    expect(a.previousSummary).toMatchObject({ revenueCents: 20_000, completedBookings: 1, customers: 1 });
    expect(a.weekly.map((w) => [w.start, w.revenueCents, w.completedBookings])).toEqual([
      ['2026-10-05', 20_000, 1],
      ['2026-10-12', 6_000, 1],
      ['2026-10-19', 0, 0],
      ['2026-10-26', 15_000, 1],
    ]);
    expect(a.monthly.map((m) => [m.start, m.revenueCents, m.tipsCents])).toEqual([
      ['2026-10-01', 41_000, 3_000],
    ]);
  });

  it('by service with materials, by technician, cancellations, ratings', async () => {
    const a = await ownerAdvancedAnalytics(t.db, biz.id, OCTOBER);
    expect(
      a.byService.map((s) => [
        s.serviceName,
        s.completedBookings,
        s.revenueCents,
        s.materialsCents,
        s.profitCents,
      ]),
    ).toEqual([
      ['Premium Detail', 2, 35_000, 1_000, 34_000],
      ['Basic Wash', 1, 6_000, 0, 6_000],
    ]);
    // No times recorded and no labour rate: labour is unknown, not free.
    expect(a.byService.every((s) => s.labourCents === null && s.labourHours === null)).toBe(true);
    expect(a.byTechnician.map((x) => [x.name, x.completedBookings, x.revenueCents, x.bookedHours])).toEqual([
      ['Tina Tech', 2, 35_000, 3],
      ['Unassigned', 1, 6_000, 1.5],
    ]);
    expect(a.cancellations).toEqual({
      scheduled: 6,
      cancelled: 1,
      noShows: 1,
      cancelledValueCents: 8_000,
      noShowValueCents: 15_000,
      rate: 2 / 6,
    });
    expect(a.ratings).toEqual([{ month: '2026-10', rating: 4.5, reviews: 2 }]);
    expect(a.cohorts.find((c) => c.cohort === '2026-10')).toEqual({
      cohort: '2026-10',
      customers: 2,
      bookings: 2,
      revenueCents: 21_000,
      lifetimeValueCents: 10_500,
    });
  });
});

describe('the API', () => {
  it('Starter gets the basic view and 402 on the advanced reports; CSV exports; a bad period is 400', async () => {
    const starter = await t.signUp({ plan: 'starter' });
    const basic = await t.request('/api/analytics?from=2026-10-01&to=2026-10-31', { cookie: starter.cookie });
    expect(basic.status).toBe(200);
    expect(await basic.json()).toMatchObject({
      advanced: false,
      period: OCTOBER,
      timeZone: 'America/Chicago',
    });
    const advanced = await t.request('/api/analytics/advanced', { cookie: starter.cookie });
    expect(advanced.status).toBe(402);
    expect((await advanced.json()).error.message).toContain('Advanced analytics is part of the Pro plan');
    expect(
      (await t.request('/api/analytics/export.csv?report=services', { cookie: starter.cookie })).status,
    ).toBe(402);
    const csv = await t.request('/api/analytics/export.csv?report=revenue&from=2026-10-01&to=2026-10-31', {
      cookie: starter.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('Total,0.00,0.00,0,0.00');

    const pro = await t.signUp();
    expect((await t.request('/api/analytics/advanced', { cookie: pro.cookie })).status).toBe(200);
    const services = await t.request('/api/analytics/export.csv?report=services', { cookie: pro.cookie });
    expect(await services.text()).toContain('Service,Completed bookings,Revenue (USD),Materials (USD)');
    expect(
      (await t.request('/api/analytics?from=2026-10-31&to=2026-10-01', { cookie: pro.cookie })).status,
    ).toBe(400);
  });
});

describe('every breakdown adds up to the total (random data)', () => {
  it('by service, by technician, by week and by month each sum to the revenue', async () => {
    const biz = await business();
    const techs = [(await t.signUp()).userId, (await t.signUp()).userId];
    const customers = [await biz.customer('p1'), await biz.customer('p2'), await biz.customer('p3')];
    const STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            day: fc.integer({ min: -5, max: 95 }),
            minute: fc.integer({ min: 0, max: 1439 }),
            price: fc.integer({ min: 0, max: 50_000 }),
            tip: fc.integer({ min: 0, max: 5_000 }),
            refund: fc.integer({ min: 0, max: 60_000 }),
            status: fc.constantFrom(...STATUSES),
            service: fc.boolean(),
            tech: fc.integer({ min: 0, max: 2 }),
            customer: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 12 },
        ),
        async (rows) => {
          round++;
          await t.db.delete(bookings).where(eq(bookings.businessId, biz.id));
          for (const r of rows) {
            const at = new Date(Date.UTC(2026, 9, 1) + r.day * 86_400_000 + r.minute * 60_000).toISOString();
            const b = await booking(biz, {
              service: r.service ? biz.premium : biz.wash,
              customerId: customers[r.customer]?.id ?? null,
              at,
              price: r.price,
              status: r.status,
              tip: r.tip,
            });
            if (r.tech < 2) await assignBooking(t.db, biz.id, b.id, techs[r.tech]!);
            if (r.refund > 0 && r.price > 0 && r.status === 'completed') {
              await refundedInvoice(biz, b, r.price, Math.min(r.refund, r.price));
            }
          }
          const period = { from: '2026-10-01', to: '2026-12-31' };
          const basic = await ownerAnalytics(t.db, biz.id, period);
          const adv = await ownerAdvancedAnalytics(t.db, biz.id, period);
          const sum = (xs: { revenueCents: number }[]) => xs.reduce((s, x) => s + x.revenueCents, 0);
          const total = basic.summary.revenueCents;
          expect(sum(basic.weekly)).toBe(total);
          expect(sum(basic.monthly)).toBe(total);
          expect(sum(adv.byService)).toBe(total);
          expect(sum(adv.byTechnician)).toBe(total);
          expect(adv.byService.reduce((s, x) => s + x.completedBookings, 0)).toBe(
            basic.summary.completedBookings,
          );
          expect(total).toBeGreaterThanOrEqual(0);
          expect(round).toBeGreaterThan(0);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('labour and utilisation from the field app', () => {
  it("labour from recorded job times at the owner's rate, utilisation from clocked shifts", async () => {
    const shop = await business();
    const worker = await t.signUp({ firstName: 'Lee', lastName: 'Field' });
    await grantRole(t.db, worker.userId, 'technician', shop.id);
    const cust = await shop.customer('dee');
    const done = (at: string, service: { id: string; name: string }) =>
      booking(shop, { service, customerId: cust.id, at, price: 20_000, status: 'completed' });
    const checkedIn = await done('2026-10-05T15:00:00Z', shop.premium);
    const corrected = await done('2026-10-06T15:00:00Z', shop.premium);
    await done('2026-10-07T15:00:00Z', shop.wash);
    for (const b of [checkedIn, corrected]) await assignBooking(t.db, shop.id, b.id, worker.userId);
    const event = (bookingId: string, kind: 'check_in' | 'check_out', at: string) => ({
      businessId: shop.id,
      bookingId,
      kind,
      userId: worker.userId,
      deviceTime: new Date(at),
    });
    // 2 h 30 min between check-in and check-out.
    await t.db
      .insert(fieldEvents)
      .values([
        event(checkedIn.id, 'check_in', '2026-10-05T15:00:00Z'),
        event(checkedIn.id, 'check_out', '2026-10-05T17:30:00Z'),
        event(corrected.id, 'check_in', '2026-10-06T15:00:00Z'),
        event(corrected.id, 'check_out', '2026-10-06T18:00:00Z'),
      ]);
    const entry = (kind: 'job' | 'shift', from: string, to: string, bookingId?: string) => ({
      businessId: shop.id,
      technicianId: worker.userId,
      kind,
      bookingId: bookingId ?? null,
      startedAt: new Date(from),
      endedAt: new Date(to),
    });
    await t.db.insert(timeEntries).values([
      // The owner corrected the second job to one hour: the timesheet wins over the field events.
      entry('job', '2026-10-06T15:00:00Z', '2026-10-06T16:00:00Z', corrected.id),
      // 8 h + 4 h of shifts in October; a September shift does not count.
      entry('shift', '2026-10-05T13:00:00Z', '2026-10-05T21:00:00Z'),
      entry('shift', '2026-10-06T13:00:00Z', '2026-10-06T17:00:00Z'),
      entry('shift', '2026-09-30T13:00:00Z', '2026-09-30T21:00:00Z'),
    ]);

    let a = await ownerAdvancedAnalytics(t.db, shop.id, OCTOBER);
    expect(a.hourlyCostCents).toBeNull();
    expect(a.byService.map((s) => [s.serviceName, s.labourHours, s.labourCents, s.profitCents])).toEqual([
      ['Premium Detail', 3.5, null, 40_000],
      ['Basic Wash', null, null, 20_000],
    ]);
    const lee = a.byTechnician.find((x) => x.technicianId === worker.userId)!;
    // Two 90-minute jobs booked over 12 clocked hours.
    expect([lee.bookedHours, lee.jobHours, lee.shiftHours, lee.utilisation]).toEqual([3, 3.5, 12, 0.25]);

    const put = (cookie: string, body: unknown) =>
      t.request('/api/analytics/labour-rate', { method: 'PUT', cookie, json: body });
    expect((await put(shop.owner.cookie, { hourlyCostCents: 2_750 })).status).toBe(200);
    a = await ownerAdvancedAnalytics(t.db, shop.id, OCTOBER);
    // 210 minutes at $27.50 an hour = $96.25; profit after labour.
    expect(a.byService[0]).toMatchObject({ labourCents: 9_625, profitCents: 40_000 - 9_625 });
    expect(a.byService[1]).toMatchObject({ labourCents: null, profitCents: 20_000 });
    const got = await t.request('/api/analytics/labour-rate', { cookie: shop.owner.cookie });
    expect(await got.json()).toEqual({ hourlyCostCents: 2_750 });
    const csv = await t.request('/api/analytics/export.csv?report=services&from=2026-10-01&to=2026-10-31', {
      cookie: shop.owner.cookie,
    });
    expect(await csv.text()).toContain('Premium Detail,2,400.00,0.00,3.5,96.25,303.75');

    // Another business does not see this rate; the technician may not read or set it.
    const stranger = await t.signUp();
    expect(await (await t.request('/api/analytics/labour-rate', { cookie: stranger.cookie })).json()).toEqual(
      {
        hourlyCostCents: null,
      },
    );
    expect((await put(worker.cookie, { hourlyCostCents: 1 })).status).toBe(403);
  });

  it('refuses a bad rate with a message, and Starter with 402', async () => {
    const owner = await t.signUp();
    for (const hourlyCostCents of [-1, 100_001, 12.5, '25']) {
      const res = await t.request('/api/analytics/labour-rate', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { hourlyCostCents },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toMatch(/Please enter/);
    }
    const starter = await t.signUp({ plan: 'starter' });
    const res = await t.request('/api/analytics/labour-rate', {
      method: 'PUT',
      cookie: starter.cookie,
      json: { hourlyCostCents: 2_000 },
    });
    expect(res.status).toBe(402);
    expect(await (await t.request('/api/analytics/labour-rate', { cookie: owner.cookie })).json()).toEqual({
      hourlyCostCents: null,
    });
  });
});
