import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplyResult, DayRoutes, RoutePlan, RouteSettings } from '../../../shared/route-plans';
import { zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createCustomer, createService, updateProfile } from '../../db/factories';
import { bookingAssignments, bookings, driveObservations, messageSends } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { recalibrate } from './drive-calibration.service';
import { crissCrossDays, DATE, TZ } from './routes.fixtures';

const t = await createTestContext();
const at = (time: string) => zonedTimeToUtc(DATE, time, TZ);
const { crissCrossDay } = crissCrossDays(t);

const getDay = (cookie: string, date = DATE) => t.request(`/api/routes?date=${date}`, { cookie });
const optimize = (cookie: string, json: unknown) =>
  t.request('/api/routes/optimize', { method: 'POST', cookie, json });
const apply = (cookie: string, planId: string) =>
  t.request('/api/routes/apply', { method: 'POST', cookie, json: { planId } });

describe('GET /api/routes', () => {
  it("shows each technician's jobs in order with arrival times and drive minutes", async () => {
    const { owner, ana, ben } = await crissCrossDay();
    const res = await getDay(owner.cookie);
    expect(res.status).toBe(200);
    const day = (await res.json()) as DayRoutes;
    expect(day.canOptimize).toBe(true);
    expect(day.travel).toBe('great-circle');
    expect(day.technicians.map((x) => x.technicianId).sort()).toEqual([ana.id, ben.id].sort());
    for (const tech of day.technicians) {
      expect(tech.stops).toHaveLength(4);
      const arrivals = tech.stops.map((s) => s.arrivalAt);
      expect(arrivals).toEqual([...arrivals].sort());
      expect(tech.stops.every((s) => s.driveMinutes > 0 && s.point)).toBe(true);
      expect(tech.driveMinutes).toBeGreaterThan(60);
    }
    expect(day.totals.jobs).toBe(8);
    expect(day.totals.driveMinutes).toBeCloseTo(
      day.technicians.reduce((s, x) => s + x.driveMinutes, 0),
      0,
    );
  });

  it('Starter sees the day and its drive times; Optimize and Apply answer 402 with the plan message', async () => {
    const { owner } = await crissCrossDay('starter');
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(day.canOptimize).toBe(false);
    expect(day.totals.driveMinutes).toBeGreaterThan(0);
    const res = await optimize(owner.cookie, { date: DATE });
    expect(res.status).toBe(402);
    expect((await res.json()).error.message).toMatch(/Pro plan/);
    expect((await apply(owner.cookie, crypto.randomUUID())).status).toBe(402);
  });

  it('a bad date is 400; signed out is 401; a technician is refused all three', async () => {
    const { owner, ana } = await crissCrossDay();
    expect((await getDay(owner.cookie, '2030-3-1')).status).toBe(400);
    expect((await t.request(`/api/routes?date=${DATE}`)).status).toBe(401);
    const { cookie } = await t.signIn(ana.email, ana.password);
    expect((await getDay(cookie)).status).toBe(403);
    expect((await optimize(cookie, { date: DATE })).status).toBe(403);
    expect((await apply(cookie, crypto.randomUUID())).status).toBe(403);
  });
});

describe('Optimize and Apply', () => {
  it('reassigns so each technician stays on one side of town, within every booked window, and saves minutes', async () => {
    const { owner, ana, ben, jobs } = await crissCrossDay();
    const before = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const res = await optimize(owner.cookie, { date: DATE });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    expect(plan.beforeMinutes).toBeCloseTo(before.totals.driveMinutes, 0);
    expect(plan.savedMinutes).toBeGreaterThan(60);
    expect(plan.afterMinutes).toBeLessThan(plan.beforeMinutes);
    expect(plan.kept).toEqual([]);
    const planned = plan.technicians.flatMap((x) => x.stops);
    expect(planned.map((s) => s.bookingId).sort()).toEqual(jobs.map((j) => j.id).sort());
    for (const s of planned) {
      expect(s.arrivalAt >= s.windowStart && s.arrivalAt <= s.windowEnd).toBe(true);
    }
    // One technician takes the north, the other the south.
    for (const tech of plan.technicians) {
      const zips = tech.stops.map((s) => jobs.find((j) => j.id === s.bookingId)!.zip);
      const northCount = zips.filter((z) => ['78664', '78681', '78717', '78728'].includes(z)).length;
      expect([0, 4]).toContain(northCount);
    }
    expect(plan.changes.length).toBeGreaterThan(0);

    // Nothing is written until Apply.
    const unchanged = await t.db
      .select()
      .from(bookingAssignments)
      .where(eq(bookingAssignments.businessId, owner.userId));
    expect(unchanged.map((r) => `${r.bookingId}:${r.technicianId}`).sort()).toEqual(
      jobs.map((j) => `${j.id}:${j.tech}`).sort(),
    );

    const applied = await apply(owner.cookie, plan.planId);
    expect(applied.status).toBe(200);
    const result = (await applied.json()) as ApplyResult;
    expect(result.applied).toBe(true);
    expect(result.reassigned).toBe(
      plan.changes.filter((c) => c.fromTechnicianId !== c.toTechnicianId).length,
    );
    const after = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(after.totals.driveMinutes).toBeCloseTo(plan.afterMinutes, 0);
    for (const tech of after.technicians) {
      const want = plan.technicians.find((x) => x.technicianId === tech.technicianId)!;
      expect(tech.stops.map((s) => s.bookingId)).toEqual(want.stops.map((s) => s.bookingId));
    }
    expect([ana.id, ben.id]).toContain(after.technicians[0]!.technicianId);
  });

  it('applying twice at once applies once; customers are told once per changed arrival', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { timeZone: TZ, baseLatitude: 30.27, baseLongitude: -97.74 });
    const service = await createService(t.db, owner.userId, {
      name: 'Wash',
      basePriceCents: 5000,
      durationMinutes: 30,
    });
    // A business without technicians: the owner drives. Both jobs are booked at 09:00 (arrive by 10:00), far apart.
    const ids: string[] = [];
    for (const zip of ['78731', '78745']) {
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
        scheduledAt: at('09:00'),
        locationAddress: `1 Oak St, Austin, TX ${zip}`,
        quotedPriceCents: 5000,
        status: 'confirmed',
      });
      ids.push(b.id);
    }
    const plan = (await (await optimize(owner.cookie, { date: DATE })).json()) as RoutePlan;
    expect(plan.technicians).toHaveLength(1);
    const stops = plan.technicians[0]!.stops;
    expect(stops).toHaveLength(2);
    expect(stops[0]!.arrivalAt).toBe(at('09:00').toISOString());
    expect(new Date(stops[1]!.arrivalAt).getTime()).toBeGreaterThan(at('09:40').getTime());
    expect(stops[1]!.arrivalAt <= stops[1]!.windowEnd).toBe(true);

    const [r1, r2] = await Promise.all([apply(owner.cookie, plan.planId), apply(owner.cookie, plan.planId)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const results = [(await r1.json()) as ApplyResult, (await r2.json()) as ApplyResult];
    expect(results.map((r) => r.applied).sort()).toEqual([false, true]);
    expect(results.find((r) => r.applied)!.notified).toBe(1);
    // Once more, later: still once.
    expect(((await (await apply(owner.cookie, plan.planId)).json()) as ApplyResult).applied).toBe(false);
    const moved = stops[1]!.bookingId;
    const sent = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.bookingId, moved), eq(messageSends.kind, 'arrival_changed')));
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const other = await t.db
      .select()
      .from(messageSends)
      .where(and(eq(messageSends.bookingId, stops[0]!.bookingId), eq(messageSends.kind, 'arrival_changed')));
    expect(other).toHaveLength(0);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, moved));
    expect(row!.plannedArrivalAt!.toISOString()).toBe(stops[1]!.arrivalAt);
    expect(row!.scheduledAt.toISOString()).toBe(at('09:00').toISOString());
  });

  it('keeps locked jobs with their technician and time; refuses a plan for a day that changed since', async () => {
    const { owner, ana, jobs } = await crissCrossDay();
    // Ana's 11:00 job in the south stays hers.
    const southOfAna = jobs.find(
      (j) => j.tech === ana.id && ['78745', '78748', '78747', '78652'].includes(j.zip),
    )!;
    const res = await optimize(owner.cookie, {
      date: DATE,
      locks: [{ bookingId: southOfAna.id, technicianId: ana.id, keepTime: true }],
    });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    const anas = plan.technicians.find((x) => x.technicianId === ana.id)!;
    const stop = anas.stops.find((s) => s.bookingId === southOfAna.id)!;
    expect(stop.arrivalAt).toBe(stop.windowStart);

    // The owner moves a job after the plan was made: the plan is refused and nothing changes.
    await t.db
      .update(bookings)
      .set({ scheduledAt: at('16:00') })
      .where(eq(bookings.id, jobs[7]!.id));
    const stale = await apply(owner.cookie, plan.planId);
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toMatch(/changed/);
    const again = await apply(owner.cookie, plan.planId);
    expect(again.status).toBe(409);
  });

  it("another business's plan or booking is not found; its day is its own", async () => {
    const a = await crissCrossDay();
    const b = await crissCrossDay();
    const planB = (await (await optimize(b.owner.cookie, { date: DATE })).json()) as RoutePlan;
    expect((await apply(a.owner.cookie, planB.planId)).status).toBe(404);
    const lockB = await optimize(a.owner.cookie, { date: DATE, locks: [{ bookingId: b.jobs[0]!.id }] });
    expect(lockB.status).toBe(404);
    const lockTech = await optimize(a.owner.cookie, {
      date: DATE,
      locks: [{ bookingId: a.jobs[0]!.id, technicianId: b.ana.id }],
    });
    expect(lockTech.status).toBe(404);
    const dayA = await (await getDay(a.owner.cookie)).text();
    for (const j of b.jobs) expect(dayA).not.toContain(j.id);
    // B's plan is still there to apply.
    expect(((await (await apply(b.owner.cookie, planB.planId)).json()) as ApplyResult).applied).toBe(true);
  });
});

describe('Route settings', () => {
  const settingsOf = (cookie: string) => t.request('/api/routes/settings', { cookie });
  const putTech = (cookie: string, id: string, json: unknown) =>
    t.request(`/api/routes/settings/technicians/${id}`, { method: 'PUT', cookie, json });

  it('saves the base and each technician’s start, end, lunch and specialist services, geocoded', async () => {
    const { owner, ana, service } = await crissCrossDay();
    const base = await t.request('/api/routes/settings/base', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { address: '100 Lamar Blvd, Austin, TX 78703' },
    });
    expect(base.status).toBe(200);
    const res = await putTech(owner.cookie, ana.id, {
      startAddress: '1 Oak St, Round Rock, TX 78664',
      endAddress: null,
      lunch: { from: '12:00', to: '13:00', minutes: 30 },
      skills: [service.id],
    });
    expect(res.status).toBe(200);
    const specialist = await t.request('/api/routes/settings/specialist-services', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { serviceIds: [service.id] },
    });
    expect(specialist.status).toBe(200);
    const settings = (await (await settingsOf(owner.cookie)).json()) as RouteSettings;
    expect(settings.base.address).toBe('100 Lamar Blvd, Austin, TX 78703');
    expect(settings.base.point?.lat).toBeCloseTo(30.29, 1);
    const mine = settings.technicians.find((x) => x.technicianId === ana.id)!;
    expect(mine.startAddress).toBe('1 Oak St, Round Rock, TX 78664');
    expect(mine.start?.lat).toBeGreaterThan(30.45);
    expect(mine.lunch).toEqual({ from: '12:00', to: '13:00', minutes: 30 });
    expect(mine.skills).toEqual([service.id]);
    expect(settings.services.find((s) => s.id === service.id)?.specialist).toBe(true);
    // The day's routes start where she starts.
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(day.technicians.find((x) => x.technicianId === ana.id)!.start).toEqual(mine.start);
  });

  it('shows the drive-time calibration: none measured, then the drives measured, the factor in use and when', async () => {
    const { owner, ana, jobs, service } = await crissCrossDay();
    const empty = (await (await settingsOf(owner.cookie)).json()) as RouteSettings;
    expect(empty.calibration).toMatchObject({ observations: 0, factor: null, updatedAt: null, needed: 10 });
    // Eleven drives measured from check-ins, each 20 % longer than the local estimate.
    const ids = jobs.map((j) => j.id);
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await createBooking(t.db, owner.userId, {
            service: { id: service.id, name: service.name, durationMinutes: 60 },
            scheduledAt: at(`1${i}:30`),
            locationAddress: '1 Main St, Austin, TX 78701',
            quotedPriceCents: 10000,
            status: 'confirmed',
          })
        ).id,
      );
    const fewer = async (n: number) => {
      for (let i = 1; i <= n; i++)
        await t.db.insert(driveObservations).values({
          businessId: owner.userId,
          technicianId: ana.id,
          fromBookingId: ids[i - 1]!,
          toBookingId: ids[i]!,
          observedMinutes: 24,
          predictedMinutes: 20,
          arrivedAt: new Date(Date.UTC(2030, 2, 1, 15, i)),
        });
      await recalibrate(t.db, owner.userId);
    };
    await fewer(4);
    const few = (await (await settingsOf(owner.cookie)).json()) as RouteSettings;
    expect(few.calibration.observations).toBe(4);
    expect(few.calibration.factor).toBeNull();
    expect(few.calibration.updatedAt).not.toBeNull();
    await t.db.delete(driveObservations).where(eq(driveObservations.businessId, owner.userId));
    await fewer(10);
    const some = (await (await settingsOf(owner.cookie)).json()) as RouteSettings;
    expect(some.calibration.observations).toBe(10);
    expect(some.calibration.factor).toBeCloseTo(1.2, 5);
  });

  it('refuses an address it cannot find, a bad lunch, another business’s technician or service; technicians are refused', async () => {
    const { owner, ana, service } = await crissCrossDay();
    const other = await crissCrossDay();
    const lost = await putTech(owner.cookie, ana.id, { startAddress: 'Nowhere in particular' });
    expect(lost.status).toBe(400);
    expect((await lost.json()).error.message).toMatch(/could not find this address/);
    const badLunch = await putTech(owner.cookie, ana.id, {
      lunch: { from: '13:00', to: '12:00', minutes: 30 },
    });
    expect(badLunch.status).toBe(400);
    expect((await putTech(owner.cookie, other.ana.id, {})).status).toBe(404);
    expect((await putTech(owner.cookie, ana.id, { skills: [other.service.id] })).status).toBe(404);
    const foreign = await t.request('/api/routes/settings/specialist-services', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { serviceIds: [other.service.id] },
    });
    expect(foreign.status).toBe(404);
    const { cookie: techCookie } = await t.signIn(ana.email, ana.password);
    expect((await settingsOf(techCookie)).status).toBe(403);
    expect((await putTech(techCookie, ana.id, {})).status).toBe(403);
    expect((await putTech(owner.cookie, ana.id, { skills: [service.id] })).status).toBe(200);
  });

  it('Optimize keeps each technician’s lunch free and gives specialist jobs only to those who may do them', async () => {
    const { owner, ana, ben, service } = await crissCrossDay();
    // Ana lunches 11:00–12:30: none of her jobs may start in it (the 11:00 jobs must start by 12:00).
    expect(
      (await putTech(owner.cookie, ana.id, { lunch: { from: '11:00', to: '11:00', minutes: 90 } })).status,
    ).toBe(200);
    const res = await optimize(owner.cookie, { date: DATE });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    const anaRoute = plan.technicians.find((x) => x.technicianId === ana.id)!;
    expect(anaRoute.lunchBreak).toEqual({ start: at('11:00').toISOString(), end: at('12:30').toISOString() });
    for (const s of anaRoute.stops) {
      const start = new Date(s.arrivalAt).getTime();
      const end = start + s.durationMinutes * 60_000;
      expect(end <= at('11:00').getTime() || start >= at('12:30').getTime()).toBe(true);
    }

    // Full Detail becomes specialist and only Ben may do it: Ana gets none of it.
    await t.request('/api/routes/settings/specialist-services', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { serviceIds: [service.id] },
    });
    await putTech(owner.cookie, ben.id, { skills: [service.id] });
    const skilled = (await (await optimize(owner.cookie, { date: DATE })).json()) as RoutePlan;
    expect(skilled.technicians.find((x) => x.technicianId === ana.id)!.stops).toEqual([]);
    expect(skilled.technicians.find((x) => x.technicianId === ben.id)!.stops.length).toBeGreaterThan(0);
  });
});

describe("The owner's own order (dragged or moved)", () => {
  const evaluate = (cookie: string, json: unknown) =>
    t.request('/api/routes/evaluate', { method: 'POST', cookie, json });
  const applyWith = (cookie: string, planId: string, allowOutsideWindow: boolean) =>
    t.request('/api/routes/apply', { method: 'POST', cookie, json: { planId, allowOutsideWindow } });
  const listsOf = (routes: { technicianId: string; stops: { bookingId: string }[] }[]) =>
    routes.map((r) => ({ technicianId: r.technicianId, bookingIds: r.stops.map((s) => s.bookingId) }));
  const minute = 60_000;

  it('the day as it is: arrivals at the booked times, the same drive minutes, nothing outside a window', async () => {
    const { owner } = await crissCrossDay();
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const res = await evaluate(owner.cookie, { date: DATE, technicians: listsOf(day.technicians) });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    expect(plan.outsideWindow).toEqual([]);
    expect(plan.changes).toEqual([]);
    expect(plan.afterMinutes).toBeCloseTo(day.totals.driveMinutes, 0);
    for (const tech of plan.technicians) for (const s of tech.stops) expect(s.arrivalAt).toBe(s.windowStart);
  });

  it('a business without a base: the drive now and with the same order are measured alike (from the jobs’ middle)', async () => {
    const { owner } = await crissCrossDay();
    await updateProfile(t.db, owner.userId, {
      baseLatitude: null,
      baseLongitude: null,
      businessAddress: null,
    });
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(day.technicians.every((x) => x.returnDriveMinutes > 0)).toBe(true);
    const plan = (await (
      await evaluate(owner.cookie, { date: DATE, technicians: listsOf(day.technicians) })
    ).json()) as RoutePlan;
    expect(plan.afterMinutes).toBeCloseTo(day.totals.driveMinutes, 0);
    expect(plan.savedMinutes).toBeCloseTo(0, 0);
  });

  it('reorders and reassigns as dragged, times worked out on the server; outside a window only with the owner’s say', async () => {
    const { owner, ana, ben } = await crissCrossDay();
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const anas = day.technicians.find((x) => x.technicianId === ana.id)!.stops.map((s) => s.bookingId);
    const bens = day.technicians.find((x) => x.technicianId === ben.id)!.stops.map((s) => s.bookingId);
    // Ana's 15:00 job first, her 09:00 job to Ben after his last.
    const edited = [
      { technicianId: ana.id, bookingIds: [anas[3]!, anas[1]!, anas[2]!] },
      { technicianId: ben.id, bookingIds: [...bens, anas[0]!] },
    ];
    const res = await evaluate(owner.cookie, { date: DATE, technicians: edited });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    for (const want of edited) {
      const got = plan.technicians.find((x) => x.technicianId === want.technicianId)!;
      expect(got.stops.map((s) => s.bookingId)).toEqual(want.bookingIds);
      // Each arrival after the one before, its hour of work and the drive between (whole minutes).
      for (let k = 1; k < got.stops.length; k++) {
        const prev = got.stops[k - 1]!;
        const cur = got.stops[k]!;
        const earliest =
          new Date(prev.arrivalAt).getTime() + (prev.durationMinutes + cur.driveMinutes) * minute;
        expect(new Date(cur.arrivalAt).getTime()).toBeGreaterThanOrEqual(earliest - minute);
        expect(cur.arrivalAt >= cur.windowStart).toBe(true);
      }
      expect(got.driveMinutes).toBeCloseTo(
        got.stops.reduce((s, x) => s + x.driveMinutes, 0) + got.returnDriveMinutes,
        0,
      );
    }
    const anaFirst = plan.technicians.find((x) => x.technicianId === ana.id)!.stops[0]!;
    expect(anaFirst.arrivalAt).toBe(at('15:00').toISOString());
    // The 11:00 and 13:00 jobs now come after 16:00: outside their windows, as is the 09:00 job at Ben's end.
    expect([...plan.outsideWindow].sort()).toEqual([anas[1]!, anas[2]!, anas[0]!].sort());
    expect(plan.changes.find((c) => c.bookingId === anas[0])).toMatchObject({
      fromTechnicianId: ana.id,
      toTechnicianId: ben.id,
    });

    // Without the owner's say: refused, nothing changed, the plan still there to apply.
    const refused = await applyWith(owner.cookie, plan.planId, false);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/outside the customer's booked window/);
    const still = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(listsOf(still.technicians)).toEqual(listsOf(day.technicians));

    // With it, applied twice at once: once.
    const [r1, r2] = await Promise.all([
      applyWith(owner.cookie, plan.planId, true),
      applyWith(owner.cookie, plan.planId, true),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const results = [(await r1.json()) as ApplyResult, (await r2.json()) as ApplyResult];
    expect(results.map((r) => r.applied).sort()).toEqual([false, true]);
    expect(results.find((r) => r.applied)!.reassigned).toBe(1);
    const after = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    for (const want of edited)
      expect(
        after.technicians.find((x) => x.technicianId === want.technicianId)!.stops.map((s) => s.bookingId),
      ).toEqual(want.bookingIds);
    expect(after.totals.driveMinutes).toBeCloseTo(plan.afterMinutes, 0);
  });

  it('keeps locks: a locked job stays with its technician, a locked time is reported when the order misses it', async () => {
    const { owner, ana, ben } = await crissCrossDay();
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const anas = day.technicians.find((x) => x.technicianId === ana.id)!.stops.map((s) => s.bookingId);
    const bens = day.technicians.find((x) => x.technicianId === ben.id)!.stops.map((s) => s.bookingId);
    const moved = await evaluate(owner.cookie, {
      date: DATE,
      technicians: [
        { technicianId: ana.id, bookingIds: anas.slice(1) },
        { technicianId: ben.id, bookingIds: [anas[0]!, ...bens] },
      ],
      locks: [{ bookingId: anas[0]!, technicianId: ana.id, keepTime: true }],
    });
    expect(moved.status).toBe(400);
    expect((await moved.json()).error.message).toMatch(/locked job stays with its technician/);
    // Ben's 09:00 job locked at 09:00, but the order puts his 11:00 job first: reported, not moved to fit.
    const missed = (await (
      await evaluate(owner.cookie, {
        date: DATE,
        technicians: [
          { technicianId: ana.id, bookingIds: anas },
          { technicianId: ben.id, bookingIds: [bens[1]!, bens[0]!, bens[2]!, bens[3]!] },
        ],
        locks: [{ bookingId: bens[0]!, technicianId: ben.id, keepTime: true }],
      })
    ).json()) as RoutePlan;
    expect(missed.outsideWindow).toContain(bens[0]!);
  });

  it('refuses another business’s or an unknown job (404), a job twice, of another day or left out (400); roles and plans', async () => {
    const a = await crissCrossDay();
    const b = await crissCrossDay();
    const day = (await (await getDay(a.owner.cookie)).json()) as DayRoutes;
    const lists = listsOf(day.technicians);
    const withAna = (ids: string[]) => [
      { technicianId: a.ana.id, bookingIds: ids },
      ...lists.filter((l) => l.technicianId !== a.ana.id),
    ];
    const anas = lists.find((l) => l.technicianId === a.ana.id)!.bookingIds;
    const call = (technicians: unknown, cookie = a.owner.cookie) =>
      evaluate(cookie, { date: DATE, technicians });
    expect((await call(withAna([...anas, b.jobs[0]!.id]))).status).toBe(404);
    expect((await call(withAna([...anas, crypto.randomUUID()]))).status).toBe(404);
    expect((await call([...lists, { technicianId: b.ana.id, bookingIds: [] }])).status).toBe(404);
    const twice = await call(withAna([...anas, anas[0]!]));
    expect(twice.status).toBe(400);
    expect((await twice.json()).error.message).toMatch(/listed twice/);
    const service = await createService(t.db, a.owner.userId, { name: 'Wash', basePriceCents: 5000 });
    const tomorrow = await createBooking(t.db, a.owner.userId, {
      service: { id: service.id, name: 'Wash', durationMinutes: 60 },
      scheduledAt: zonedTimeToUtc('2030-03-13', '09:00', TZ),
      locationAddress: '1 Main St, Austin, TX 78701',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    const otherDay = await call(withAna([...anas, tomorrow.id]));
    expect(otherDay.status).toBe(400);
    expect((await otherDay.json()).error.message).toMatch(/not on this day/);
    const leftOut = await call(withAna(anas.slice(1)));
    expect(leftOut.status).toBe(400);
    expect((await leftOut.json()).error.message).toMatch(/leaves out a job/);
    expect((await evaluate(a.owner.cookie, { date: DATE, technicians: [] })).status).toBe(400);
    // A technician may not; Starter sees the day only.
    const { cookie } = await t.signIn(a.ana.email, a.ana.password);
    expect((await call(lists, cookie)).status).toBe(403);
    const starter = await crissCrossDay('starter');
    const starterDay = (await (await getDay(starter.owner.cookie)).json()) as DayRoutes;
    expect((await call(listsOf(starterDay.technicians), starter.owner.cookie)).status).toBe(402);
    // Nothing was planned for A by the refusals; B's day is untouched.
    const bDay = (await (await getDay(b.owner.cookie)).json()) as DayRoutes;
    expect(bDay.technicians.flatMap((x) => x.stops).every((s) => s.arrivalAt === s.windowStart)).toBe(true);
  });
});
