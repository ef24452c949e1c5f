import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplyResult, DayRoutes, RoutePlan } from '../../../shared/route-plans';
import { zonedTimeToUtc } from '../../../shared/time';
import { createServiceArea } from '../../db/factories';
import { bookings, routePlans } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import type { StoredPlan } from './proposal.service';
import { crissCrossDays, DATE, TZ } from './routes.fixtures';

// A multi-location business's routes (decision 1280): the day, Optimize and the owner's own order for one location
// (its jobs and technicians) or for all; another business's location is not found.

const t = await createTestContext();
const { crissCrossDay } = crissCrossDays(t);
const NORTH = ['78664', '78681', '78717', '78728'];

/** An Elite business whose North location serves the north zips with Ana; Ben stays at the main location. */
async function twoLocations() {
  const day = await crissCrossDay('elite');
  const { owner, ana, jobs } = day;
  for (const zip of [...NORTH, '78745', '78748', '78747', '78652'])
    await createServiceArea(t.db, owner.userId, {
      zipCode: zip,
      city: 'Austin',
      state: 'Texas',
      isActive: true,
    });
  const res = await t.request('/api/locations', {
    method: 'POST',
    cookie: owner.cookie,
    json: {
      name: 'North',
      address: '1 Main St, Austin, TX 78664',
      timeZone: 'America/Chicago',
      weeklyHours: Array.from({ length: 7 }, () => ({ open: '07:00', close: '20:00' })),
      zips: NORTH,
      technicianIds: [ana.id],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const northId = (await res.json()).id as string;
  // The jobs were booked before North existed: placed there as a booking of its zips would be.
  const northJobs = jobs.filter((j) => NORTH.includes(j.zip)).map((j) => j.id);
  await t.db
    .update(bookings)
    .set({ locationId: northId })
    .where(and(eq(bookings.businessId, owner.userId), inArray(bookings.id, northJobs)));
  return { ...day, northId };
}

/** A stop's time on the clock, in ms. */
const span = (s: { arrivalAt: string; durationMinutes: number }) => ({
  from: Date.parse(s.arrivalAt),
  to: Date.parse(s.arrivalAt) + s.durationMinutes * 60_000,
});

/** Rewrites a stored plan so that `technicianId` reaches `bookingId` at `arrivalAt` (a plan made elsewhere, say). */
async function replan(planId: string, technicianId: string, bookingId: string, arrivalAt: Date) {
  const [row] = await t.db.select().from(routePlans).where(eq(routePlans.id, planId));
  const plan = row!.plan as StoredPlan;
  for (const x of plan.technicians) x.stops = x.stops.filter((s) => s.bookingId !== bookingId);
  plan.technicians
    .find((x) => x.technicianId === technicianId)!
    .stops.push({
      bookingId,
      arrivalAt: arrivalAt.toISOString(),
    });
  await t.db.update(routePlans).set({ plan }).where(eq(routePlans.id, planId));
}

const at = (time: string) => zonedTimeToUtc(DATE, time, TZ);

const getDay = (cookie: string, locationId?: string) =>
  t.request(`/api/routes?${new URLSearchParams({ date: DATE, ...(locationId && { locationId }) })}`, {
    cookie,
  });

describe('Routes for one location', () => {
  it('the day, Optimize and Apply for one location keep to its jobs and technicians; all locations as before', async () => {
    const { owner, ana, ben, jobs, northId } = await twoLocations();
    const northJobs = jobs.filter((j) => NORTH.includes(j.zip)).map((j) => j.id);
    const all = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(all.totals.jobs).toBe(8);
    const northRes = await getDay(owner.cookie, northId);
    expect(northRes.status, await northRes.clone().text()).toBe(200);
    const north = (await northRes.json()) as DayRoutes;
    expect(north.totals.jobs).toBe(4);
    const shown = [...north.technicians.flatMap((x) => x.stops), ...north.unassigned].map((s) => s.bookingId);
    expect(shown.sort()).toEqual([...northJobs].sort());
    // Ana is North's; Ben has two of its jobs today, so his route there is shown too (no job hidden).
    expect(north.technicians.map((x) => x.technicianId).sort()).toEqual([ana.id, ben.id].sort());

    const res = await t.request('/api/routes/optimize', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE, locationId: northId },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    const planned = plan.technicians.flatMap((x) => x.stops.map((s) => s.bookingId));
    expect(planned.sort()).toEqual([...northJobs].sort());
    const applied = await t.request('/api/routes/apply', {
      method: 'POST',
      cookie: owner.cookie,
      json: { planId: plan.planId },
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(((await applied.json()) as ApplyResult).applied).toBe(true);
    // The main location's jobs were not part of it: still as booked.
    const main = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    for (const s of main.technicians.flatMap((x) => x.stops))
      if (!northJobs.includes(s.bookingId)) expect(s.arrivalAt).toBe(s.windowStart);
  });

  it('Optimize for one location never books a technician over their jobs at another location that day', async () => {
    const { owner, northId, jobs } = await twoLocations();
    const northJobs = jobs.filter((j) => NORTH.includes(j.zip)).map((j) => j.id);
    // Each technician's jobs at the main location: fixed, immovable time in their day.
    const all = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const busy = all.technicians.flatMap((x) =>
      x.stops
        .filter((s) => !northJobs.includes(s.bookingId))
        .map((s) => ({ technicianId: x.technicianId, ...span(s) })),
    );
    expect(busy).toHaveLength(4);
    const res = await t.request('/api/routes/optimize', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE, locationId: northId },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    const planned = plan.technicians.flatMap((x) =>
      x.stops.map((s) => ({ technicianId: x.technicianId, bookingId: s.bookingId, ...span(s) })),
    );
    // Every North job is planned (none dropped to dodge the question), only North's, and none over a busy time.
    expect(planned.map((p) => p.bookingId).sort()).toEqual([...northJobs].sort());
    for (const p of planned)
      for (const b of busy)
        if (b.technicianId === p.technicianId)
          expect(p.from < b.to && b.from < p.to, `${p.bookingId} over a job elsewhere`).toBe(false);
    const applied = await t.request('/api/routes/apply', {
      method: 'POST',
      cookie: owner.cookie,
      json: { planId: plan.planId },
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
  });

  it('Apply re-checks a location’s plan against its technicians’ jobs elsewhere: overlapping or stale, 409', async () => {
    const { owner, ben, northId, jobs } = await twoLocations();
    const northJobs = jobs.filter((j) => NORTH.includes(j.zip)).map((j) => j.id);
    // A plan that has Ben at a North job at 09:30, while he is due at a main-location job 09:00–10:00.
    const made = await t.request('/api/routes/optimize', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE, locationId: northId },
    });
    expect(made.status, await made.clone().text()).toBe(200);
    const overlapping = (await made.json()) as RoutePlan;
    await replan(overlapping.planId, ben.id, northJobs[0]!, at('09:30'));
    const refused = await t.request('/api/routes/apply', {
      method: 'POST',
      cookie: owner.cookie,
      json: { planId: overlapping.planId, allowOutsideWindow: true },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/same time as their job at another location/);
    // Nothing was applied: the North jobs are where they were.
    const north = (await (await getDay(owner.cookie, northId)).json()) as DayRoutes;
    for (const s of north.technicians.flatMap((x) => x.stops)) expect(s.arrivalAt).toBe(s.windowStart);

    // A plan made before a technician's job elsewhere moved is refused as stale.
    const res = await t.request('/api/routes/optimize', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE, locationId: northId },
    });
    const plan = (await res.json()) as RoutePlan;
    const mainJob = jobs.find((j) => j.tech === ben.id && !NORTH.includes(j.zip))!.id;
    await t.db
      .update(bookings)
      .set({ plannedArrivalAt: new Date(Date.parse(`${DATE}T17:30:00Z`)) })
      .where(eq(bookings.id, mainJob));
    const stale = await t.request('/api/routes/apply', {
      method: 'POST',
      cookie: owner.cookie,
      json: { planId: plan.planId },
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toMatch(/changed since/);
  });

  it('the owner’s own order is timed around the technician’s jobs elsewhere: a job that cannot be done first waits, late', async () => {
    const { owner, ana, ben, northId, jobs } = await twoLocations();
    const north = jobs.filter((j) => NORTH.includes(j.zip));
    // North's 09:00 job (Ana's) given to Ben, who is due at a main-location job 09:00–10:00, then his own two.
    const early = north.find((j) => j.tech === ana.id)!.id;
    const bens = north.filter((j) => j.tech === ben.id).map((j) => j.id);
    const anas = north.filter((j) => j.tech === ana.id && j.id !== early).map((j) => j.id);
    const res = await t.request('/api/routes/evaluate', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        date: DATE,
        locationId: northId,
        technicians: [
          { technicianId: ben.id, bookingIds: [early, ...bens] },
          { technicianId: ana.id, bookingIds: anas },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    const stops = plan.technicians.find((x) => x.technicianId === ben.id)!.stops;
    const first = stops.find((s) => s.bookingId === early)!;
    // After the job elsewhere and the drive from it (south to north), so outside its 09:00–10:00 window: the owner
    // is told before Apply.
    expect(Date.parse(first.arrivalAt)).toBeGreaterThan(at('10:00').getTime());
    expect(plan.outsideWindow).toContain(early);
    // No stop of Ben's is on the clock at the same time as his jobs elsewhere.
    const all = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const busy = all.technicians
      .find((x) => x.technicianId === ben.id)!
      .stops.filter((s) => !north.some((j) => j.id === s.bookingId))
      .map(span);
    expect(busy).toHaveLength(2);
    for (const s of stops.map(span)) for (const b of busy) expect(s.from < b.to && b.from < s.to).toBe(false);
    // With the owner's say, it applies: it leaves time for every drive.
    const applied = await t.request('/api/routes/apply', {
      method: 'POST',
      cookie: owner.cookie,
      json: { planId: plan.planId, allowOutsideWindow: true },
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
  });

  it('Apply refuses a plan that leaves no time to drive to or from a job elsewhere, with a clear 409', async () => {
    const { owner, ben, northId, jobs } = await twoLocations();
    const north = jobs.filter((j) => NORTH.includes(j.zip)).map((j) => j.id);
    const made = await t.request('/api/routes/optimize', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE, locationId: northId },
    });
    const plan = (await made.json()) as RoutePlan;
    // Ben at a North job at 10:00 sharp, as his main-location job (south of the city) ends: no overlap on the
    // clock, but no time to drive north.
    await replan(plan.planId, ben.id, north[0]!, at('10:00'));
    const refused = await t.request('/api/routes/apply', {
      method: 'POST',
      cookie: owner.cookie,
      json: { planId: plan.planId, allowOutsideWindow: true },
    });
    expect(refused.status).toBe(409);
    const message = (await refused.json()).error.message as string;
    expect(message).toMatch(/no time to drive/);
    expect(message).toMatch(
      /Ben\b.* would have 0 min for a \d+-min drive after their job at another location at 9:00/,
    );
    // With the drive's time left (and a minute over) it applies; Ben's afternoon job elsewhere moved out of the way.
    const [, afternoon] = jobs.filter((j) => j.tech === ben.id && !NORTH.includes(j.zip));
    await t.db
      .update(bookings)
      .set({ plannedArrivalAt: at('17:30') })
      .where(eq(bookings.id, afternoon!.id));
    const again = await t.request('/api/routes/optimize', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE, locationId: northId },
    });
    const ok = (await again.json()) as RoutePlan;
    const minutes = Number(/(\d+)-min drive/.exec(message)![1]);
    await replan(ok.planId, ben.id, north[0]!, new Date(at('10:00').getTime() + (minutes + 1) * 60_000));
    const applied = await t.request('/api/routes/apply', {
      method: 'POST',
      cookie: owner.cookie,
      json: { planId: ok.planId, allowOutsideWindow: true },
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
  });

  it('the owner’s own order for a location; its lists are checked against that location’s day', async () => {
    const { owner, northId, jobs } = await twoLocations();
    const north = (await (await getDay(owner.cookie, northId)).json()) as DayRoutes;
    const lists = north.technicians.map((x) => ({
      technicianId: x.technicianId,
      bookingIds: x.stops.map((s) => s.bookingId),
    }));
    const ok = await t.request('/api/routes/evaluate', {
      method: 'POST',
      cookie: owner.cookie,
      json: { date: DATE, locationId: northId, technicians: lists },
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    // A main-location job is not on North's day.
    const southJob = jobs.find((j) => !NORTH.includes(j.zip))!.id;
    const other = await t.request('/api/routes/evaluate', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        date: DATE,
        locationId: northId,
        technicians: lists.map((l, i) => (i === 0 ? { ...l, bookingIds: [...l.bookingIds, southJob] } : l)),
      },
    });
    expect(other.status).toBe(400);
  });

  it('another business’s location, an unknown one or a malformed id: 404, 404, 400 on every call', async () => {
    const a = await twoLocations();
    const b = await twoLocations();
    for (const locationId of [b.northId, crypto.randomUUID()]) {
      expect((await getDay(a.owner.cookie, locationId)).status).toBe(404);
      const opt = await t.request('/api/routes/optimize', {
        method: 'POST',
        cookie: a.owner.cookie,
        json: { date: DATE, locationId },
      });
      expect(opt.status).toBe(404);
      const ev = await t.request('/api/routes/evaluate', {
        method: 'POST',
        cookie: a.owner.cookie,
        json: { date: DATE, locationId, technicians: [{ technicianId: a.ana.id, bookingIds: [] }] },
      });
      expect(ev.status).toBe(404);
    }
    expect((await getDay(a.owner.cookie, 'north')).status).toBe(400);
    // B's day, all locations, is its own and untouched.
    const bDay = (await (await getDay(b.owner.cookie)).json()) as DayRoutes;
    expect(bDay.totals.jobs).toBe(8);
  });
});
