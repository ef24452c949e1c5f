import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplyResult, DayRoutes, RoutePlan } from '../../../shared/route-plans';
import { zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, createService, updateProfile } from '../../db/factories';
import { bookings, messageSends } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { crissCrossDays, DATE, TZ } from './routes.fixtures';

// A job "any time today" (decision 1334): the owner's say, per job, saved and validated; the optimiser then places it
// anywhere in the technician's day, Apply writes it, and the customer is told the new time.

const t = await createTestContext();
const at = (time: string) => zonedTimeToUtc(DATE, time, TZ);
const { crissCrossDay } = crissCrossDays(t);

const setWindow = (cookie: string, bookingId: string, json: unknown) =>
  t.request(`/api/routes/jobs/${bookingId}/window`, { method: 'PUT', cookie, json });
const optimize = (cookie: string) =>
  t.request('/api/routes/optimize', { method: 'POST', cookie, json: { date: DATE } });
const apply = (cookie: string, planId: string) =>
  t.request('/api/routes/apply', { method: 'POST', cookie, json: { planId } });

/** An owner who drives alone: north at 09:00, south at 10:00, north again at 11:00 (a zig-zag as booked). */
async function zigZagDay() {
  const owner = await t.signUp({ plan: 'pro' });
  await updateProfile(t.db, owner.userId, {
    timeZone: TZ,
    businessAddress: '500 Congress Ave, Austin, TX 78701',
    baseLatitude: 30.27,
    baseLongitude: -97.74,
  });
  const service = await createService(t.db, owner.userId, {
    name: 'Wash',
    basePriceCents: 5000,
    durationMinutes: 30,
  });
  const ids: string[] = [];
  for (const [zip, time] of [
    ['78664', '09:00'],
    ['78748', '10:00'],
    ['78681', '11:00'],
  ] as const) {
    const c = await createCustomer(t.db, owner.userId, {
      firstName: 'Dee',
      lastName: zip,
      email: `dee-${zip}-${crypto.randomUUID().slice(0, 4)}@example.com`,
      phone: '+15125550123',
      address: `1 Oak St, Austin, TX ${zip}`,
    });
    const b = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: 'Wash', durationMinutes: 30 },
      customerId: c.id,
      scheduledAt: at(time),
      locationAddress: `1 Oak St, Austin, TX ${zip}`,
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    ids.push(b.id);
  }
  return { owner, ids };
}

describe('PUT /api/routes/jobs/:id/window', () => {
  it('any time today: the window is the day, Optimize places the job outside its booked hour, Apply tells the customer', async () => {
    const { owner, ids } = await zigZagDay();
    const late = ids[2]!;
    const booked = (await (await optimize(owner.cookie)).json()) as RoutePlan;
    const stale = booked.planId;

    const res = await setWindow(owner.cookie, late, { anyTime: true });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ bookingId: late, anyTime: true });
    const day = (await (
      await t.request(`/api/routes?date=${DATE}`, { cookie: owner.cookie })
    ).json()) as DayRoutes;
    const stop = day.technicians[0]!.stops.find((s) => s.bookingId === late)!;
    expect(stop.anyTime).toBe(true);
    expect(stop.windowStart).toBe(at('07:00').toISOString());
    expect(stop.windowEnd).toBe(at('20:00').toISOString());

    // A plan made before the owner's say is refused: the day changed.
    expect((await apply(owner.cookie, stale)).status).toBe(409);

    const plan = (await (await optimize(owner.cookie)).json()) as RoutePlan;
    expect(plan.outsideWindow).toEqual([]);
    const planned = plan.technicians[0]!.stops;
    const moved = planned.find((s) => s.bookingId === late)!;
    // The north job is done beside the other north one, hours before its booked 11:00, and the day drives less.
    expect(Date.parse(moved.arrivalAt)).toBeLessThan(at('10:00').getTime());
    expect(Date.parse(moved.arrivalAt)).toBeGreaterThanOrEqual(at('07:00').getTime());
    expect(plan.afterMinutes).toBeLessThan(booked.afterMinutes - 5);
    // The booked jobs keep their hour.
    for (const s of planned.filter((x) => x.bookingId !== late)) {
      expect(s.arrivalAt >= s.windowStart && s.arrivalAt <= s.windowEnd).toBe(true);
      expect(s.anyTime).toBe(false);
    }

    const applied = await apply(owner.cookie, plan.planId);
    expect(applied.status, await applied.clone().text()).toBe(200);
    const result = (await applied.json()) as ApplyResult;
    expect(result.applied).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, late));
    expect(row!.plannedArrivalAt!.toISOString()).toBe(moved.arrivalAt);
    expect(row!.scheduledAt.toISOString()).toBe(at('11:00').toISOString());
    const sent = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.bookingId, late), eq(messageSends.kind, 'arrival_changed')));
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    // Back to the booked hour.
    const back = await setWindow(owner.cookie, late, { anyTime: false });
    expect(await back.json()).toEqual({ bookingId: late, anyTime: false });
  });

  it('validated, scoped to the business, the owner’s only, Pro and Elite', async () => {
    const { owner, ids } = await zigZagDay();
    const other = await zigZagDay();
    for (const body of [{}, { anyTime: 'yes' }, { anyTime: null }]) {
      const res = await setWindow(owner.cookie, ids[0]!, body);
      expect(res.status).toBe(400);
    }
    // A malformed id is not found, like another business's (decision 002).
    expect((await setWindow(owner.cookie, 'job-1', { anyTime: true })).status).toBe(404);
    expect((await setWindow(owner.cookie, other.ids[0]!, { anyTime: true })).status).toBe(404);
    expect((await setWindow(owner.cookie, crypto.randomUUID(), { anyTime: true })).status).toBe(404);
    const [untouched] = await t.db.select().from(bookings).where(eq(bookings.id, other.ids[0]!));
    expect(untouched!.arrivalAnyTime).toBe(false);

    const { owner: teamOwner, ana, jobs } = await crissCrossDay();
    const { cookie } = await t.signIn(ana.email, ana.password);
    expect((await setWindow(cookie, jobs[0]!.id, { anyTime: true })).status).toBe(403);
    expect((await setWindow(teamOwner.cookie, jobs[0]!.id, { anyTime: true })).status).toBe(200);
    const starter = await crissCrossDay('starter');
    expect((await setWindow(starter.owner.cookie, starter.jobs[0]!.id, { anyTime: true })).status).toBe(402);
  });
});
