import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingAddOns,
  bookingSeries,
  bookings,
  ledgerEntries,
  messageSends,
  seriesCharges,
  seriesVisits,
} from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';
import { extendAllSeries, extendSeries } from './series-booking.service';
import { chargeCompletedVisit } from './series-charges.service';

// Repeat visits in test mode (issue 32): the owner's terms, /book's series checkout and card saving, the rolling
// horizon (idempotent), flagged dates, charges only for completed visits (once), skip, cancel, weather move, and
// another business's series answering 404.

const t = await createTestContext();

async function ownerWithWash() {
  const owner = await t.signUp();
  const [wash] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Express Wash', basePriceCents: 5000, durationMinutes: 60 },
  ]);
  return { owner, wash: wash! };
}

async function makeRepeatable(cookie: string, serviceId: string, biweeklyPercent = 10) {
  const res = await t.request(`/api/series/terms/${serviceId}`, {
    method: 'PUT',
    cookie,
    json: { repeatable: true, weeklyPercent: 15, biweeklyPercent, fourWeeklyPercent: 5 },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function bookSeries(businessId: string, serviceId: string, overrides: Record<string, unknown> = {}) {
  const res = await t.request('/api/public/series/checkout', {
    method: 'POST',
    json: bookingForm({ businessId, serviceId, repeatWeeks: 2, email: 'riley@example.com', ...overrides }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const checkout = await res.json();
  const saved = await t.request(`/checkout/test-setup/${checkout.sessionId}/save`, { method: 'POST' });
  expect(saved.status, await saved.clone().text()).toBe(303);
  const [series] = await t.db
    .select()
    .from(bookingSeries)
    .where(eq(bookingSeries.providerSessionId, checkout.sessionId));
  return { checkout, series: series!, manage: saved.headers.get('location')! };
}

const visitsOf = (seriesId: string) =>
  t.db
    .select()
    .from(seriesVisits)
    .where(eq(seriesVisits.seriesId, seriesId))
    .orderBy(seriesVisits.occurrenceDate);

async function complete(cookie: string, bookingId: string) {
  for (const status of ['confirmed', 'in_progress', 'completed']) {
    const res = await t.request(`/api/bookings/${bookingId}/status`, {
      method: 'PATCH',
      cookie,
      json: { status },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

describe('repeat visits', () => {
  it('lets the owner make a service repeatable with a discount per frequency, validated', async () => {
    const { owner, wash } = await ownerWithWash();
    const bad = await t.request(`/api/series/terms/${wash.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { repeatable: true, weeklyPercent: 60, biweeklyPercent: 0, fourWeeklyPercent: 0 },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/at most 50%/);
    await makeRepeatable(owner.cookie, wash.id);
    const terms = await (await t.request('/api/series/terms', { cookie: owner.cookie })).json();
    expect(terms.items).toEqual([
      expect.objectContaining({
        serviceId: wash.id,
        repeatable: true,
        weeklyPercent: 15,
        biweeklyPercent: 10,
      }),
    ]);
    const pub = await (await t.request(`/api/public/series/terms?business=${owner.userId}`)).json();
    expect(pub.items).toEqual([expect.objectContaining({ serviceId: wash.id, biweeklyPercent: 10 })]);
    // A service that is not repeatable cannot be booked as a series.
    const other = await t.signUp();
    const [plain] = await bookableBusiness(t.db, other.userId, [{ name: 'Detail', basePriceCents: 9000 }]);
    const refused = await t.request('/api/public/series/checkout', {
      method: 'POST',
      json: bookingForm({ businessId: other.userId, serviceId: plain!.id, repeatWeeks: 2 }),
    });
    expect(refused.status).toBe(400);
    // Another business's service: 404.
    const foreign = await t.request(`/api/series/terms/${plain!.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { repeatable: true, weeklyPercent: 1, biweeklyPercent: 1, fourWeeklyPercent: 1 },
    });
    expect(foreign.status).toBe(404);
  });

  it('saves the card, books every other week through the horizon, and charges nothing up front', async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    const res = await t.request('/api/public/series/checkout', {
      method: 'POST',
      json: bookingForm({ businessId: owner.userId, serviceId: wash.id, repeatWeeks: 2, vehicleType: 'suv' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const checkout = await res.json();
    // SUV: $50 × 1.2 = $60; 10% off → $54, $6 off.
    expect(checkout).toMatchObject({ amountCents: 5400, discountCents: 600 });
    expect(checkout.url).toContain(`/checkout/test-setup/${checkout.sessionId}`);
    const before = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    expect(before).toHaveLength(0);
    expect((await t.request(`/checkout/test-setup/${checkout.sessionId}`)).status).toBe(200);
    const saved = await t.request(`/checkout/test-setup/${checkout.sessionId}/save`, { method: 'POST' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toMatch(/\/manage\/[A-Za-z0-9_-]+$/);
    const rows = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    // 7, 21, 35 and 49 days ahead are within the default 60-day horizon; 63 is not.
    expect(rows.map((b) => b.quotedPriceCents)).toEqual([5400, 5400, 5400, 5400]);
    const [series] = await t.db
      .select()
      .from(bookingSeries)
      .where(eq(bookingSeries.businessId, owner.userId));
    expect((await visitsOf(series!.id)).map((v) => v.occurrenceDate)).toEqual([
      daysAhead(7),
      daysAhead(21),
      daysAhead(35),
      daysAhead(49),
    ]);
    // The save is idempotent: pressed again, nothing more is booked.
    expect(
      (await t.request(`/checkout/test-setup/${checkout.sessionId}/save`, { method: 'POST' })).status,
    ).toBe(303);
    expect(await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId))).toHaveLength(4);
    const mail = await t.emailsTo('casey@example.com');
    expect(mail.filter((m) => m.subject?.includes('every 2 weeks'))).toHaveLength(1);
    // The manage link shows the series.
    const token = saved.headers.get('location')!.split('/manage/')[1];
    const mine = await (await t.request(`/api/public/series/manage/${token}`)).json();
    expect(mine.series).toMatchObject({ frequency: 'Every 2 weeks', visitCents: 5400, discountCents: 600 });
    expect(mine.series.visits).toHaveLength(4);
  });

  it('extends on a rolling horizon without booking a date twice, run twice or at once', async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    const rules = await (await t.request('/api/scheduling', { cookie: owner.cookie })).json();
    const setHorizon = async (horizonDays: number) => {
      const res = await t.request('/api/scheduling', {
        method: 'PUT',
        cookie: owner.cookie,
        json: { ...rules, horizonDays },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await setHorizon(21);
    const { series } = await bookSeries(owner.userId, wash.id, { repeatWeeks: 1 });
    // 7, 14 and 21 days ahead.
    expect((await visitsOf(series.id)).map((v) => v.status)).toEqual(['booked', 'booked', 'booked']);
    // The horizon rolls further: the job books the new dates, run twice at once and once more.
    await setHorizon(60);
    const [a, b] = await Promise.all([extendSeries(t.deps, series.id), extendSeries(t.deps, series.id)]);
    // 28, 35, 42, 49 and 56 days ahead, each booked by one of the two runs.
    expect(a.booked + b.booked).toBe(5);
    const again = await extendAllSeries(t.deps);
    expect(again.booked).toBe(0);
    const visits = await visitsOf(series.id);
    const dates = visits.map((v) => v.occurrenceDate);
    expect(dates).toHaveLength(8);
    expect(new Set(dates).size).toBe(dates.length);
    const booked = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    expect(booked).toHaveLength(8);
    expect(new Set(booked.map((x) => x.scheduledAt.getTime())).size).toBe(booked.length);
  });

  it('flags a date that cannot be placed to the owner instead of double-booking it', async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    // A holiday on the third visit's date, and another customer's booking on the second visit's time.
    const closed = await t.request('/api/scheduling', { cookie: owner.cookie });
    const rules = await closed.json();
    const put = await t.request('/api/scheduling', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { ...rules, closedDates: [daysAhead(35)] },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const oneOff = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        customer: { firstName: 'Other', lastName: 'Person', email: 'other@example.com' },
        serviceId: wash.id,
        vehicle: { make: 'Ford', model: 'F-150' },
        vehicleType: 'truck',
        date: daysAhead(21),
        time: '10:00',
        locationAddress: '1 Main St, Austin, TX',
      },
    });
    expect(oneOff.status, await oneOff.clone().text()).toBe(201);
    const { series } = await bookSeries(owner.userId, wash.id);
    const visits = await visitsOf(series.id);
    const byDate = Object.fromEntries(visits.map((v) => [v.occurrenceDate, v]));
    expect(byDate[daysAhead(35)]).toMatchObject({ status: 'unplaced', bookingId: null });
    expect(byDate[daysAhead(35)]!.reason).toBeTruthy();
    expect(byDate[daysAhead(21)]).toMatchObject({ status: 'unplaced' });
    const list = await (await t.request('/api/series', { cookie: owner.cookie })).json();
    expect(list.flagged.map((f: { occurrenceDate: string }) => f.occurrenceDate)).toContain(daysAhead(35));
    expect(list.items[0]).toMatchObject({ frequency: 'Every 2 weeks', flagged: expect.any(Number) });
  });

  it('charges the saved card only for completed visits, once under replays and concurrent completions', async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    const { series } = await bookSeries(owner.userId, wash.id);
    const visits = (await visitsOf(series.id)).filter((v) => v.status === 'booked');
    const done = visits[0]!.bookingId!;
    await complete(owner.cookie, done);
    const replays = await Promise.all(
      Array.from({ length: 4 }, () => chargeCompletedVisit(t.deps, owner.userId, done)),
    );
    expect(replays.every((r) => r === 'already')).toBe(true);
    // A visit not completed is never charged.
    expect(await chargeCompletedVisit(t.deps, owner.userId, visits[1]!.bookingId!)).toBe('not-completed');
    const charges = await t.db.select().from(seriesCharges).where(eq(seriesCharges.seriesId, series.id));
    expect(charges).toEqual([
      expect.objectContaining({ bookingId: done, status: 'paid', amountCents: 4500 }),
    ]);
    const ledger = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.businessId, owner.userId), eq(ledgerEntries.documentId, done)));
    expect(ledger.filter((l) => l.kind === 'charge').map((l) => l.amountCents)).toEqual([4500]);
    expect(
      (await t.emailsTo('riley@example.com')).filter((m) => m.subject?.startsWith('Receipt')),
    ).toHaveLength(1);
  });

  it('skips one visit and cancels the series from the manage link and from the booking', async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    const { series, manage } = await bookSeries(owner.userId, wash.id);
    const token = manage.split('/manage/')[1]!;
    const visits = await visitsOf(series.id);
    // The owner skips the second visit from its booking.
    const mine = await (
      await t.request(`/api/series/by-booking/${visits[1]!.bookingId}`, { cookie: owner.cookie })
    ).json();
    expect(mine.series.id).toBe(series.id);
    const skipped = await t.request(`/api/series/${series.id}/visits/${visits[1]!.id}/skip`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(skipped.status, await skipped.clone().text()).toBe(200);
    expect((await skipped.json()).visits[1]).toMatchObject({ status: 'skipped', bookingStatus: 'cancelled' });
    // The customer skips the third; the skip is kept, so the extender does not book that date again.
    const bySelf = await t.request(`/api/public/series/manage/${token}/visits/${visits[2]!.id}/skip`, {
      method: 'POST',
    });
    expect(bySelf.status, await bySelf.clone().text()).toBe(200);
    await extendSeries(t.deps, series.id);
    expect((await visitsOf(series.id)).filter((v) => v.status === 'skipped')).toHaveLength(2);
    // Then cancels the series: every upcoming visit's booking is cancelled.
    const cancelled = await t.request(`/api/public/series/manage/${token}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    const after = await t.db.select().from(bookings).where(eq(bookings.businessId, owner.userId));
    expect(after.every((b) => b.status === 'cancelled')).toBe(true);
    expect((await extendSeries(t.deps, series.id, new Date(Date.now() + 40 * 86_400_000))).booked).toBe(0);
  });

  it("answers 404 for another business's series, visits and bookings", async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    const { series } = await bookSeries(owner.userId, wash.id);
    const visits = await visitsOf(series.id);
    const other = await t.signUp();
    await bookableBusiness(t.db, other.userId);
    const paths: [string, string][] = [
      ['GET', `/api/series/${series.id}`],
      ['GET', `/api/series/by-booking/${visits[0]!.bookingId}`],
      ['POST', `/api/series/${series.id}/visits/${visits[0]!.id}/skip`],
      ['POST', `/api/series/${series.id}/cancel`],
      ['GET', '/api/series/not-a-uuid'],
    ];
    for (const [method, path] of paths) {
      const res = await t.request(path, { method, cookie: other.cookie });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.request(`/api/series/${series.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.request('/api/public/series/manage/nope-not-a-token')).status).toBe(404);
    expect((await t.request(`/api/series/${series.id}`)).status).toBe(401);
  });

  it("moves a rainy day's visits to another day in one action and tells each customer", async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    const a = await bookSeries(owner.userId, wash.id, { email: 'a@example.com', time: '09:00' });
    await bookSeries(owner.userId, wash.id, { email: 'b@example.com', time: '13:00' });
    const move = { fromDate: daysAhead(7), toDate: daysAhead(8) };
    // The preview lists the day's visits and where each would go, and changes nothing.
    const preview = await t.request('/api/series/weather-move/preview', {
      method: 'POST',
      cookie: owner.cookie,
      json: move,
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const planned = (await preview.json()).items;
    expect(planned.map((p: { customerName: string }) => p.customerName)).toHaveLength(2);
    expect(planned.every((p: { to: string | null; reason: string | null }) => p.to && !p.reason)).toBe(true);
    const [unmoved] = await visitsOf(a.series.id);
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, unmoved!.bookingId!));
    expect(still!.scheduledAt.toISOString().slice(0, 10) < daysAhead(8)).toBe(true);
    expect(await t.emailsTo('a@example.com')).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringMatching(/^Weather/) }),
    );
    // Another business sees none of these visits.
    const stranger = await t.signUp();
    await bookableBusiness(t.db, stranger.userId);
    const theirs = await t.request('/api/series/weather-move/preview', {
      method: 'POST',
      cookie: stranger.cookie,
      json: move,
    });
    expect((await theirs.json()).items).toEqual([]);
    const res = await t.request('/api/series/weather-move', {
      method: 'POST',
      cookie: owner.cookie,
      json: { fromDate: daysAhead(7), toDate: daysAhead(8) },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.moved).toHaveLength(2);
    expect(body.notMoved).toHaveLength(0);
    const [visit] = await visitsOf(a.series.id);
    const [moved] = await t.db.select().from(bookings).where(eq(bookings.id, visit!.bookingId!));
    expect(moved!.scheduledAt.toISOString().slice(0, 10) >= daysAhead(8)).toBe(true);
    for (const to of ['a@example.com', 'b@example.com'])
      expect((await t.emailsTo(to)).filter((m) => m.subject?.startsWith('Weather'))).toHaveLength(1);
    // The notices are outbox rows, one per moved visit; moving the now empty day again sends nothing more.
    const rows = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.businessId, owner.userId), eq(messageSends.kind, 'time_change')));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const again = await t.request('/api/series/weather-move', {
      method: 'POST',
      cookie: owner.cookie,
      json: move,
    });
    expect((await again.json()).moved).toEqual([]);
    expect((await t.emailsTo('a@example.com')).filter((m) => m.subject?.startsWith('Weather'))).toHaveLength(
      1,
    );
    // The Repeat visits list shows each series' next visit, now on the new day.
    const list = await (await t.request('/api/series', { cookie: owner.cookie })).json();
    expect(list.items).toHaveLength(2);
    expect(list.items.every((i: { nextVisitAt: string | null }) => i.nextVisitAt !== null)).toBe(true);
    const same = await t.request('/api/series/weather-move', {
      method: 'POST',
      cookie: owner.cookie,
      json: { fromDate: daysAhead(8), toDate: daysAhead(8) },
    });
    expect(same.status).toBe(400);
  });

  it("books a series from the owner's New booking (the card page after), and the owner's one-off with an add-on priced by the server", async () => {
    const { owner, wash } = await ownerWithWash();
    await makeRepeatable(owner.cookie, wash.id);
    const body = {
      serviceId: wash.id,
      vehicleType: 'sedan',
      date: daysAhead(6),
      time: '10:00',
      location: '12 Congress Ave, Austin, TX 78701',
      zip: '78701',
      firstName: 'Pat',
      lastName: 'Phonein',
      email: 'pat@example.com',
      repeatWeeks: 4,
    };
    const res = await t.request('/api/series', { method: 'POST', cookie: owner.cookie, json: body });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = await res.json();
    // $50 less the 4-weekly 5% → $47.50, rounded to whole dollars as §9 does: $48.
    expect(made).toMatchObject({ amountCents: 4800, discountCents: 200 });
    expect(made.url).toContain(`/checkout/test-setup/${made.sessionId}`);
    // The card page lets its form send its real Origin (a signed-in owner's post is checked by it).
    const cardPage = await t.request(`/checkout/test-setup/${made.sessionId}`);
    expect(cardPage.headers.get('referrer-policy')).toBe('same-origin');
    const saved = await t.request(`/checkout/test-setup/${made.sessionId}/save`, { method: 'POST' });
    expect(saved.status).toBe(303);
    const list = await (await t.request('/api/series', { cookie: owner.cookie })).json();
    expect(list.items[0]).toMatchObject({
      customerName: 'Pat Phonein',
      frequency: 'Every 4 weeks',
      status: 'active',
    });
    expect(list.items[0].nextVisit).not.toBeNull();
    // Another business's service: 404; a technician or a signed-out caller cannot.
    const other = await t.signUp();
    const [theirs] = await bookableBusiness(t.db, other.userId);
    const foreign = await t.request('/api/series', {
      method: 'POST',
      cookie: owner.cookie,
      json: { ...body, serviceId: theirs!.id },
    });
    expect(foreign.status).toBe(404);
    expect((await t.request('/api/series', { method: 'POST', json: body })).status).toBe(401);

    // The owner's one-off with an add-on: the server's price and length, whatever the browser thinks.
    const addOn = await t.request(`/api/services/${wash.id}/add-ons`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { name: 'Pet hair removal', priceCents: 2500, extraMinutes: 30, vehicleTypes: [] },
    });
    expect(addOn.status, await addOn.clone().text()).toBe(201);
    const addOnId = (await addOn.json()).id;
    const oneOff = {
      customer: { firstName: 'Ada', lastName: 'Addon', email: 'ada@example.com', phone: '' },
      vehicle: { make: 'Ford', model: 'Escape' },
      vehicleType: 'suv',
      serviceId: wash.id,
      date: daysAhead(5),
      time: '13:00',
      locationAddress: '12 Congress Ave, Austin, TX 78701',
      addOnIds: [addOnId],
    };
    const booked = await t.request('/api/bookings', { method: 'POST', cookie: owner.cookie, json: oneOff });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const b = await booked.json();
    // SUV $60 + the add-on's $25; 60 + 30 minutes.
    expect(b.quotedPriceCents).toBe(8500);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row!.durationMinutes).toBe(90);
    const taken = await t.db.select().from(bookingAddOns).where(eq(bookingAddOns.bookingId, b.id));
    expect(taken.map((a) => [a.name, a.priceCents])).toEqual([['Pet hair removal', 2500]]);
    // Another business's add-on: 404, nothing booked.
    const theirAddOn = await t.request(`/api/services/${theirs!.id}/add-ons`, {
      method: 'POST',
      cookie: other.cookie,
      json: { name: 'Clay bar', priceCents: 4000, extraMinutes: 20, vehicleTypes: [] },
    });
    const refused = await t.request('/api/bookings', {
      method: 'POST',
      cookie: owner.cookie,
      json: { ...oneOff, date: daysAhead(4), addOnIds: [(await theirAddOn.json()).id] },
    });
    expect(refused.status).toBe(404);
  });
});
