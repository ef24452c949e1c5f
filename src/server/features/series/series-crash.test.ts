import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingSeries, bookings, ledgerEntries, seriesCharges, seriesVisits } from '../../db/schema';
import { crashes, deliveredTo, messageRows, sweep } from '../../test/crash';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm } from '../bookings/book/booking.fixtures';
import { extendAllSeries } from './series-booking.service';
import { CHARGE_LEASE_MS, chargeCompletedVisit, chargeMissedVisits } from './series-charges.service';

// A series' confirmation and a visit's receipt survive a process killed right after their write (decision 1356): the
// confirmation commits with the series' first booked visit, the receipt with the paid charge; the automations tick
// delivers each once, and a replay (the return page again, the extender, the charge again) writes no second row.

const t = await createTestContext();
const { dieAfterCommit, failAtTheEnd } = crashes(t.db);
let n = 0;

async function seriesCheckout() {
  const owner = await t.signUp();
  const [wash] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Express Wash', basePriceCents: 5000, durationMinutes: 60 },
  ]);
  const terms = await t.request(`/api/series/terms/${wash!.id}`, {
    method: 'PUT',
    cookie: owner.cookie,
    json: { repeatable: true, weeklyPercent: 15, biweeklyPercent: 10, fourWeeklyPercent: 5 },
  });
  expect(terms.status, await terms.clone().text()).toBe(200);
  const email = `series${++n}-${owner.userId.slice(0, 6)}@example.com`;
  const res = await t.request('/api/public/series/checkout', {
    method: 'POST',
    json: bookingForm({ businessId: owner.userId, serviceId: wash!.id, repeatWeeks: 2, email }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  const [series] = await t.db
    .select()
    .from(bookingSeries)
    .where(eq(bookingSeries.providerSessionId, sessionId));
  const save = () => t.request(`/checkout/test-setup/${sessionId}/save`, { method: 'POST' });
  return { owner, email, series: series!, save };
}

const visitsOf = (seriesId: string) =>
  t.db
    .select()
    .from(seriesVisits)
    .where(eq(seriesVisits.seriesId, seriesId))
    .orderBy(seriesVisits.occurrenceDate);
const confirmations = (businessId: string) =>
  messageRows(t.db, businessId, 'confirmation', 'series:confirmed:');

describe("a series' confirmation", () => {
  it('commits with the first booked visit: a process killed right after it still confirms, once', async () => {
    const { owner, email, series, save } = await seriesCheckout();
    // The activation commits (1), then the first visit with the confirmation (2); the process dies there.
    await dieAfterCommit(save, 2);
    const visits = await visitsOf(series.id);
    expect(visits.map((v) => v.status)).toEqual(['booked']);
    const [row] = await confirmations(owner.userId);
    expect(row).toMatchObject({ status: 'pending', to: email, bookingId: visits[0]!.bookingId });
    expect(row!.body).toMatch(/\/manage\//);

    await sweep(t.deps);
    expect(await deliveredTo(t.db, email)).toHaveLength(1);
    expect((await confirmations(owner.userId)).map((r) => r.status)).toEqual(['sent']);

    // The return page again books the rest; the confirmation is not written or sent again.
    const again = await save();
    expect(again.status).toBe(303);
    expect((await visitsOf(series.id)).length).toBeGreaterThan(1);
    expect(await confirmations(owner.userId)).toHaveLength(1);
    await sweep(t.deps);
    expect(await deliveredTo(t.db, email)).toHaveLength(1);
  });

  it('a process killed between the activation and the first visit: the extender books it and confirms, once', async () => {
    const { owner, email, series, save } = await seriesCheckout();
    await dieAfterCommit(save, 1);
    expect(
      (await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, series.id)))[0]!.setupStatus,
    ).toBe('saved');
    expect(await visitsOf(series.id)).toEqual([]);
    expect(await confirmations(owner.userId)).toEqual([]);

    // The hourly extender, on any instance, books the visits; the first one's transaction writes the confirmation.
    await extendAllSeries(t.deps);
    const [first] = await visitsOf(series.id);
    expect(await confirmations(owner.userId)).toEqual([
      expect.objectContaining({ status: 'sent', bookingId: first!.bookingId }),
    ]);
    expect(await deliveredTo(t.db, email)).toHaveLength(1);

    // The customer's return page, late: nothing more is written or sent.
    expect((await save()).status).toBe(303);
    await sweep(t.deps);
    expect(await confirmations(owner.userId)).toHaveLength(1);
    expect(await deliveredTo(t.db, email)).toHaveLength(1);
  });
});

describe("a series visit's receipt", () => {
  it('commits with the paid charge: a process killed right after it still sends it, once', async () => {
    const { owner, email, series, save } = await seriesCheckout();
    expect((await save()).status).toBe(303);
    await sweep(t.deps);
    const before = (await deliveredTo(t.db, email)).length;
    const [first] = await visitsOf(series.id);
    const bookingId = first!.bookingId!;
    await t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, bookingId));
    const charge = () => chargeCompletedVisit(t.deps, owner.userId, bookingId);

    // The claim commits (1), then the answer with the ledger's charge and the receipt (2); the process dies there.
    await dieAfterCommit(charge, 2);
    const receipts = () => messageRows(t.db, owner.userId, 'receipt', bookingId);
    expect((await receipts()).map((r) => [r.status, r.to])).toEqual([['pending', email]]);
    await sweep(t.deps);
    expect(await deliveredTo(t.db, email)).toHaveLength(before + 1);

    // The charge again (the extender's retry, a replayed status change): already charged, nothing written.
    expect(await charge()).toBe('already');
    await sweep(t.deps);
    expect((await receipts()).map((r) => r.status)).toEqual(['sent']);
    expect(await deliveredTo(t.db, email)).toHaveLength(before + 1);
  });
});

describe("a series visit's charge left unanswered", () => {
  async function completedVisit() {
    const { owner, email, series, save } = await seriesCheckout();
    expect((await save()).status).toBe(303);
    await sweep(t.deps);
    const [first] = await visitsOf(series.id);
    const bookingId = first!.bookingId!;
    await t.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, bookingId));
    const before = (await deliveredTo(t.db, email)).length;
    return { owner, email, bookingId, before };
  }
  const chargeOf = async (bookingId: string) =>
    t.db.select().from(seriesCharges).where(eq(seriesCharges.bookingId, bookingId));
  // The ledger's charge of the visit (a paid charge writes it with its fee, each once).
  const ledgerOf = (bookingId: string) =>
    t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.documentId, bookingId), eq(ledgerEntries.kind, 'charge')));
  const later = () => new Date(Date.now() + CHARGE_LEASE_MS + 60_000);

  it('killed right after the claim: held within the lease, then the extender charges it once', async () => {
    const { owner, email, bookingId, before } = await completedVisit();
    await dieAfterCommit(() => chargeCompletedVisit(t.deps, owner.userId, bookingId), 1);
    expect((await chargeOf(bookingId)).map((c) => c.status)).toEqual(['pending']);
    // Within the lease the claim is another run's: nothing is asked or written.
    expect(await chargeCompletedVisit(t.deps, owner.userId, bookingId)).toBe('already');
    await chargeMissedVisits(t.deps);
    expect((await chargeOf(bookingId)).map((c) => c.status)).toEqual(['pending']);

    // Past the lease the extender's run takes it over: paid, one ledger charge, one receipt.
    await chargeMissedVisits(t.deps, later());
    await chargeMissedVisits(t.deps, later());
    const [charge] = await chargeOf(bookingId);
    expect(charge).toMatchObject({ status: 'paid', providerReference: `test_series_${bookingId}` });
    expect(await ledgerOf(bookingId)).toHaveLength(1);
    await sweep(t.deps);
    expect(await messageRows(t.db, owner.userId, 'receipt', bookingId)).toHaveLength(1);
    expect(await deliveredTo(t.db, email)).toHaveLength(before + 1);
  });

  it("the answer's record rolled back (killed after the provider answered): asked again, recorded once", async () => {
    const { owner, email, bookingId, before } = await completedVisit();
    await failAtTheEnd(() => chargeCompletedVisit(t.deps, owner.userId, bookingId), 2);
    expect((await chargeOf(bookingId)).map((c) => c.status)).toEqual(['pending']);
    expect(await ledgerOf(bookingId)).toEqual([]);
    expect(await messageRows(t.db, owner.userId, 'receipt', bookingId)).toEqual([]);

    expect(await chargeCompletedVisit(t.deps, owner.userId, bookingId, later())).toBe('paid');
    expect(await chargeCompletedVisit(t.deps, owner.userId, bookingId, later())).toBe('already');
    expect(await ledgerOf(bookingId)).toHaveLength(1);
    await sweep(t.deps);
    expect(await deliveredTo(t.db, email)).toHaveLength(before + 1);
  });

  it("another business's run takes nothing over", async () => {
    const { owner, bookingId } = await completedVisit();
    await dieAfterCommit(() => chargeCompletedVisit(t.deps, owner.userId, bookingId), 1);
    const other = await t.signUp();
    expect(await chargeCompletedVisit(t.deps, other.userId, bookingId, later())).toBe('not-series');
    expect((await chargeOf(bookingId)).map((c) => c.status)).toEqual(['pending']);
  });
});
