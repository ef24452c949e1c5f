import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplyResult, DayRoutes, RoutePlan } from '../../../shared/route-plans';
import { zonedTimeToUtc } from '../../../shared/time';
import { createBooking, createService, updateProfile } from '../../db/factories';
import { bookingAssignments, bookings } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { crissCrossDays, DATE, TZ } from './routes.fixtures';

// Taking a job off a technician's route (decision 1270): the owner drops it on "Unassigned" (pointer or keyboard);
// the server times the routes left, and Apply leaves the job with no one, at its booked time.

const t = await createTestContext();
const { crissCrossDay } = crissCrossDays(t);
const at = (time: string) => zonedTimeToUtc(DATE, time, TZ);
const getDay = (cookie: string) => t.request(`/api/routes?date=${DATE}`, { cookie });
const evaluate = (cookie: string, json: unknown) =>
  t.request('/api/routes/evaluate', { method: 'POST', cookie, json });
const apply = (cookie: string, planId: string) =>
  t.request('/api/routes/apply', { method: 'POST', cookie, json: { planId } });
const listsOf = (routes: DayRoutes['technicians'], without: string[] = []) =>
  routes.map((r) => ({
    technicianId: r.technicianId,
    bookingIds: r.stops.map((s) => s.bookingId).filter((id) => !without.includes(id)),
  }));

describe('Taking a job off a route', () => {
  it('times the route left, lists the job as taken off, and Apply leaves it with no one at its booked time', async () => {
    const { owner, ana } = await crissCrossDay();
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const anas = day.technicians.find((x) => x.technicianId === ana.id)!;
    const off = anas.stops[1]!.bookingId;
    const res = await evaluate(owner.cookie, {
      date: DATE,
      technicians: listsOf(day.technicians, [off]),
      unassigned: [off],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    expect(plan.unassigned).toEqual([off]);
    expect(plan.technicians.flatMap((x) => x.stops).some((s) => s.bookingId === off)).toBe(false);
    expect(plan.changes).toContainEqual(
      expect.objectContaining({ bookingId: off, fromTechnicianId: ana.id, toTechnicianId: null }),
    );
    // One stop fewer on Ana's day: less driving, never more.
    const anaAfter = plan.technicians.find((x) => x.technicianId === ana.id)!;
    expect(anaAfter.stops).toHaveLength(3);
    expect(anaAfter.driveMinutes).toBeLessThan(anas.driveMinutes);
    expect(plan.afterMinutes).toBeLessThan(plan.beforeMinutes);

    const done = (await (await apply(owner.cookie, plan.planId)).json()) as ApplyResult;
    expect(done).toMatchObject({ applied: true, reassigned: 1, notified: 0 });
    expect(await t.db.select().from(bookingAssignments).where(eq(bookingAssignments.bookingId, off))).toEqual(
      [],
    );
    const [row] = await t.db
      .select({ planned: bookings.plannedArrivalAt })
      .from(bookings)
      .where(eq(bookings.id, off));
    expect(row!.planned).toBeNull();
    const after = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(after.unassigned.map((s) => s.bookingId)).toEqual([off]);
    expect(after.unassigned[0]!.arrivalAt).toBe(at('11:00').toISOString());
    // And back onto Ben's route from "Unassigned", as any drag.
    const back = await evaluate(owner.cookie, {
      date: DATE,
      technicians: listsOf(after.technicians).map((l) =>
        l.technicianId === ana.id ? l : { ...l, bookingIds: [...l.bookingIds, off] },
      ),
    });
    expect(back.status).toBe(200);
    expect(((await back.json()) as RoutePlan).changes).toContainEqual(
      expect.objectContaining({ bookingId: off, fromTechnicianId: null }),
    );
  });

  it('refuses a job under way, a locked one, one also on a route, another day’s or another business’s', async () => {
    const a = await crissCrossDay();
    const b = await crissCrossDay();
    const day = (await (await getDay(a.owner.cookie)).json()) as DayRoutes;
    const off = day.technicians[0]!.stops[0]!.bookingId;
    const call = (json: Record<string, unknown>) =>
      evaluate(a.owner.cookie, { date: DATE, technicians: listsOf(day.technicians, [off]), ...json });
    const locked = await call({
      unassigned: [off],
      locks: [{ bookingId: off, technicianId: day.technicians[0]!.technicianId }],
    });
    expect(locked.status).toBe(400);
    expect((await locked.json()).error.message).toMatch(/locked job/);
    const twice = await evaluate(a.owner.cookie, {
      date: DATE,
      technicians: listsOf(day.technicians),
      unassigned: [off],
    });
    expect(twice.status).toBe(400);
    expect((await call({ unassigned: [b.jobs[0]!.id] })).status).toBe(404);
    expect((await call({ unassigned: ['not-a-uuid'] })).status).toBe(400);
    await t.db.update(bookings).set({ status: 'in_progress' }).where(eq(bookings.id, off));
    const underWay = await call({ unassigned: [off] });
    expect(underWay.status).toBe(400);
    expect((await underWay.json()).error.message).toMatch(/under way or done/);
  });

  it('keeps a job that is on no route already, even under way, where it is while the others move', async () => {
    const { owner } = await crissCrossDay();
    const first = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    const idle = first.technicians[0]!.stops[0]!.bookingId;
    await t.db.delete(bookingAssignments).where(eq(bookingAssignments.bookingId, idle));
    await t.db.update(bookings).set({ status: 'in_progress' }).where(eq(bookings.id, idle));
    const day = (await (await getDay(owner.cookie)).json()) as DayRoutes;
    expect(day.unassigned.map((s) => s.bookingId)).toEqual([idle]);
    // The screen sends every job on no route with its edit, as "Unassigned" shows them.
    const lists = listsOf(day.technicians);
    const swapped = lists.map((l, i) => (i === 0 ? { ...l, bookingIds: [...l.bookingIds].reverse() } : l));
    const res = await evaluate(owner.cookie, { date: DATE, technicians: swapped, unassigned: [idle] });
    expect(res.status, await res.clone().text()).toBe(200);
    const plan = (await res.json()) as RoutePlan;
    expect(plan.unassigned).toEqual([]);
    expect(plan.changes.some((c) => c.bookingId === idle)).toBe(false);
  });

  it('an owner who works alone has no "Unassigned" to drop on', async () => {
    const owner = await t.signUp({ plan: 'pro' });
    await updateProfile(t.db, owner.userId, {
      timeZone: TZ,
      businessAddress: '500 Congress Ave, Austin, TX 78701',
    });
    const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 5000 });
    const job = await createBooking(t.db, owner.userId, {
      service: { id: service.id, name: 'Wash', durationMinutes: 60 },
      scheduledAt: at('09:00'),
      locationAddress: '1 Main St, Austin, TX 78701',
      quotedPriceCents: 5000,
      status: 'confirmed',
    });
    const res = await evaluate(owner.cookie, {
      date: DATE,
      technicians: [{ technicianId: owner.userId, bookingIds: [] }],
      unassigned: [job.id],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/without technicians/);
  });
});
