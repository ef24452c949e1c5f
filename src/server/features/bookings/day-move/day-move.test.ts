import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, utcToZoned, zonedTimeToUtc } from '../../../../shared/time';
import { createBooking, createCustomer } from '../../../db/factories';
import { bookingHistory, bookings } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';
import { bookableBusiness, daysAhead } from '../book/booking.fixtures';

// The weather move of a day's bookings (decision 1326): every live booking of the day — one-offs as well as repeat
// visits — or the chosen ones, each placed on the new day by the slot function (its time, else the nearest free one),
// one that fits nowhere flagged and left, each moved customer told once through the outbox; another business's
// bookings are never touched.

const t = await createTestContext();

async function rainyDay() {
  const owner = await t.signUp();
  const [wash] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Exterior Wash', basePriceCents: 4_500, durationMinutes: 60 },
  ]);
  const from = daysAhead(7);
  const to = daysAhead(8);
  const book = async (
    date: string,
    time: string,
    email: string | null,
    status: 'pending' | 'cancelled' = 'pending',
  ) => {
    const customer = email
      ? await createCustomer(t.db, owner.userId, { firstName: email.split('@')[0]!, lastName: 'Rain', email })
      : null;
    return createBooking(t.db, owner.userId, {
      service: { id: wash!.id, name: wash!.name, durationMinutes: 60 },
      customerId: customer?.id ?? null,
      scheduledAt: zonedTimeToUtc(date, time, DEFAULT_TIME_ZONE),
      locationAddress: '500 Congress Ave, Austin, TX 78701',
      quotedPriceCents: 4_500,
      status,
    });
  };
  const stamp = Date.now();
  const early = await book(from, '09:00', `early.${stamp}@example.com`);
  const late = await book(from, '13:00', `late.${stamp}@example.com`);
  const cancelled = await book(from, '11:00', `gone.${stamp}@example.com`, 'cancelled');
  // The new day already has a job at 9 AM: the early one goes to the nearest free time instead.
  await book(to, '09:00', null, 'pending');
  return { owner, from, to, early, late, cancelled, stamp };
}

const post = (path: string, cookie: string, json: unknown) =>
  t.request(`/api/series/weather-move${path}`, { method: 'POST', cookie, json });
const localTime = (at: Date) => utcToZoned(at, DEFAULT_TIME_ZONE);
const weatherMails = async (to: string) =>
  (await t.emailsTo(to)).filter((m) => m.subject?.startsWith('Weather'));

describe("the weather move of a day's bookings", () => {
  it('moves every live one-off of the day, each where it fits, and tells each customer once', async () => {
    const d = await rainyDay();
    const preview = await post('/preview', d.owner.cookie, { fromDate: d.from, toDate: d.to });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const items = (await preview.json()).items as { bookingId: string; to: string | null }[];
    expect(items.map((i) => i.bookingId)).toEqual([d.early.id, d.late.id]);
    expect(items.every((i) => i.to !== null)).toBe(true);
    // The preview changed nothing.
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, d.early.id));
    expect(still!.scheduledAt).toEqual(d.early.scheduledAt);

    const res = await post('', d.owner.cookie, { fromDate: d.from, toDate: d.to });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.moved.map((m: { bookingId: string }) => m.bookingId)).toEqual([d.early.id, d.late.id]);
    expect(body.notMoved).toEqual([]);
    const [early] = await t.db.select().from(bookings).where(eq(bookings.id, d.early.id));
    const [late] = await t.db.select().from(bookings).where(eq(bookings.id, d.late.id));
    expect(localTime(early!.scheduledAt).date).toBe(d.to);
    // 9 AM was taken on the new day: not double-booked, moved to the nearest free time.
    expect(localTime(early!.scheduledAt).time).not.toBe('09:00');
    expect(localTime(late!.scheduledAt)).toEqual({ date: d.to, time: '13:00' });
    const [gone] = await t.db.select().from(bookings).where(eq(bookings.id, d.cancelled.id));
    expect(gone!.scheduledAt).toEqual(d.cancelled.scheduledAt);
    expect(await t.db.$count(bookingHistory, eq(bookingHistory.bookingId, d.early.id))).toBe(1);
    expect(await weatherMails(`early.${d.stamp}@example.com`)).toHaveLength(1);
    expect(await weatherMails(`late.${d.stamp}@example.com`)).toHaveLength(1);
    expect(await weatherMails(`gone.${d.stamp}@example.com`)).toHaveLength(0);
    // The day is empty now: moving it again moves and sends nothing.
    const again = await (await post('', d.owner.cookie, { fromDate: d.from, toDate: d.to })).json();
    expect(again.moved).toEqual([]);
    expect(await weatherMails(`early.${d.stamp}@example.com`)).toHaveLength(1);
  });

  it('moves only the chosen bookings; another business moves none of them', async () => {
    const d = await rainyDay();
    const stranger = await t.signUp();
    await bookableBusiness(t.db, stranger.userId);
    const theirs = await post('', stranger.cookie, {
      fromDate: d.from,
      toDate: d.to,
      bookingIds: [d.early.id],
    });
    expect(theirs.status).toBe(404);
    const theirDay = await post('', stranger.cookie, { fromDate: d.from, toDate: d.to });
    expect((await theirDay.json()).moved).toEqual([]);

    const res = await post('', d.owner.cookie, { fromDate: d.from, toDate: d.to, bookingIds: [d.late.id] });
    const body = await res.json();
    expect(body.moved.map((m: { bookingId: string }) => m.bookingId)).toEqual([d.late.id]);
    const [early] = await t.db.select().from(bookings).where(eq(bookings.id, d.early.id));
    expect(early!.scheduledAt).toEqual(d.early.scheduledAt);
    expect(await weatherMails(`early.${d.stamp}@example.com`)).toHaveLength(0);
  });

  it('flags a booking that fits nowhere on the new day and leaves it where it was', async () => {
    const d = await rainyDay();
    // Beyond the booking horizon: no time of that day can take it.
    const far = daysAhead(400);
    const res = await post('', d.owner.cookie, { fromDate: d.from, toDate: far });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.moved).toEqual([]);
    expect(body.notMoved.map((m: { bookingId: string }) => m.bookingId)).toEqual([d.early.id, d.late.id]);
    expect(body.notMoved[0].reason).toMatch(/\w/);
    const [early] = await t.db.select().from(bookings).where(eq(bookings.id, d.early.id));
    expect(early!.scheduledAt).toEqual(d.early.scheduledAt);
    // Decision 1345: flagged for the owner, and the customer asked once to pick a new time.
    expect(body.notMoved.map((m: { told: boolean }) => m.told)).toEqual([true, true]);
    expect(early!.needsNewTimeAt).not.toBeNull();
    const detail = await t.request(`/api/bookings/${d.early.id}`, { cookie: d.owner.cookie });
    expect((await detail.json()).needsNewTime).toBe(true);
    const [mail] = await weatherMails(`early.${d.stamp}@example.com`);
    expect(mail!.subject).toMatch(/cannot go ahead/);
    expect(mail!.body).toMatch(/pick a new time/i);
    expect(mail!.body).toMatch(/\/manage\//);
    const history = await t.db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, d.early.id));
    expect(history.map((h) => h.summary)).toEqual([expect.stringMatching(/^Needs a new time/)]);
    // The same move again: still flagged, nothing written or sent twice.
    const again = await (await post('', d.owner.cookie, { fromDate: d.from, toDate: far })).json();
    expect(again.notMoved.map((m: { told: boolean }) => m.told)).toEqual([false, false]);
    expect(await weatherMails(`early.${d.stamp}@example.com`)).toHaveLength(1);
    expect(await t.db.$count(bookingHistory, eq(bookingHistory.bookingId, d.early.id))).toBe(1);
    // A new time, whichever path gives it, ends the flag; so does a cancel.
    await t.db
      .update(bookings)
      .set({ scheduledAt: zonedTimeToUtc(d.to, '15:00', DEFAULT_TIME_ZONE) })
      .where(eq(bookings.id, d.early.id));
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, d.late.id));
    const [moved] = await t.db.select().from(bookings).where(eq(bookings.id, d.early.id));
    const [cancelled] = await t.db.select().from(bookings).where(eq(bookings.id, d.late.id));
    expect(moved!.needsNewTimeAt).toBeNull();
    expect(cancelled!.needsNewTimeAt).toBeNull();
    // A confirmation alone keeps it.
    await t.db.update(bookings).set({ needsNewTimeAt: new Date() }).where(eq(bookings.id, d.early.id));
    await t.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, d.early.id));
    const [confirmed] = await t.db.select().from(bookings).where(eq(bookings.id, d.early.id));
    expect(confirmed!.needsNewTimeAt).not.toBeNull();
    // Bad input: the same day, or ids that are not ids.
    expect((await post('', d.owner.cookie, { fromDate: d.from, toDate: d.from })).status).toBe(400);
    expect(
      (await post('', d.owner.cookie, { fromDate: d.from, toDate: d.to, bookingIds: ['nope'] })).status,
    ).toBe(400);
  });
});
