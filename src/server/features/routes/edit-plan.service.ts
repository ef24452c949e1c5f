import {
  ARRIVAL_WINDOW_MINUTES,
  type EditedPlanInput,
  editedPlanInputSchema,
  type Point,
  ROUTES_TEXT,
  type RoutePlan,
  SHIFT,
} from '../../../shared/route-plans';
import { zonedTimeToUtc } from '../../../shared/time';
import type { Database } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import type { GeoProviders } from '../../providers/geo/geo';
import { loadPlacedDay } from './optimize.service';
import { type PlannedTechnician, storeProposal } from './proposal.service';
import {
  currentRoutes,
  type Day,
  type DayJob,
  type DayTechnician,
  dayCentre,
  legsOf,
  ownBookingIds,
} from './route-day.service';

// The owner's own plan (decision 1270): the order they dragged (or moved with the keyboard) is taken as it is, and
// the server works out when each technician gets to each job — never a guess in the browser. Arrivals outside a
// booked window (or a locked time) are reported, and such a plan is applied only with the owner's say.

/** Jobs already under way or done stay with their technician and at their time (as in Optimize). */
const FIXED = new Set(['in_progress', 'completed']);
const EPS = 1e-6;

type Deps = { db: Database; geo: GeoProviders };

export async function evaluateEditedPlan(
  deps: Deps,
  who: { businessId: string; userId: string },
  body: EditedPlanInput,
): Promise<RoutePlan> {
  const input = editedPlanInputSchema.parse(body);
  const { businessId } = who;
  const listed = input.technicians.flatMap((t) => t.bookingIds);
  const named = [...listed, ...input.unassigned, ...input.locks.map((l) => l.bookingId)];
  // Another business's job (or none at all) is not found, before anything about this day is said.
  const own = await ownBookingIds(deps.db, businessId, named);
  if (named.some((id) => !own.has(id))) throw notFound(ROUTES_TEXT.editUnknownBooking);
  const day = await loadPlacedDay(deps, businessId, input.date, input.locationId ?? null);
  const team = new Map(day.technicians.map((t) => [t.id, t]));
  const lockedTo = [
    ...input.technicians.map((t) => t.technicianId),
    ...input.locks.flatMap((l) => (l.technicianId ? [l.technicianId] : [])),
  ];
  if (lockedTo.some((id) => !team.has(id))) throw notFound(ROUTES_TEXT.editUnknownTechnician);
  const everyone = [...listed, ...input.unassigned];
  if (
    new Set(everyone).size !== everyone.length ||
    new Set(input.technicians.map((t) => t.technicianId)).size !== input.technicians.length
  )
    throw invalid(ROUTES_TEXT.editTwice);
  const jobs = new Map(day.jobs.map((j) => [j.bookingId, j]));
  if (everyone.some((id) => !jobs.has(id))) throw invalid(ROUTES_TEXT.editOtherDay);
  // Every job on a technician's route must be somewhere: a plan made from an outdated screen would drop one.
  const inPlan = new Set(everyone);
  if (day.jobs.some((j) => j.technicianId !== null && j.point && !inPlan.has(j.bookingId)))
    throw invalid(ROUTES_TEXT.editLeftOut);
  const locks = new Map(input.locks.map((l) => [l.bookingId, l]));
  // Taken off every route (dropped on "Unassigned"): not a job under way or done, nor a locked one; an owner who
  // works alone has no one else to leave it to.
  const listedOff = input.unassigned.map((id) => jobs.get(id)!);
  if (listedOff.length > 0 && day.soloOwner) throw invalid(ROUTES_TEXT.editNoTeam);
  // A job already on no route (say the day's unassigned job under way) is listed only so that it is not left out:
  // nothing takes it off anything, so it is neither refused for its status nor counted as a change.
  const takenOff = listedOff.filter((j) => j.technicianId !== null);
  for (const job of takenOff) {
    if (FIXED.has(job.status)) throw invalid(ROUTES_TEXT.editFixedJob);
    if (locks.get(job.bookingId)?.technicianId) throw invalid(ROUTES_TEXT.editLockedJob);
  }
  for (const t of input.technicians)
    for (const id of t.bookingIds) {
      const job = jobs.get(id)!;
      if (FIXED.has(job.status) && job.technicianId !== t.technicianId)
        throw invalid(ROUTES_TEXT.editFixedJob);
      const lock = locks.get(id);
      if (lock?.technicianId && lock.technicianId !== t.technicianId)
        throw invalid(ROUTES_TEXT.editLockedJob);
      const skills = team.get(t.technicianId)!.skills;
      if (job.serviceId && day.specialist.has(job.serviceId) && !skills.includes(job.serviceId))
        throw invalid(ROUTES_TEXT.editSkill);
    }

  const started = performance.now();
  const before = await currentRoutes(deps.geo, day, true);
  const byTech = new Map(input.technicians.map((t) => [t.technicianId, t.bookingIds]));
  const outsideWindow: string[] = [];
  const planned: PlannedTechnician[] = [];
  for (const technician of day.technicians) {
    const order = (byTech.get(technician.id) ?? []).map((id) => jobs.get(id)!);
    const pinned = (j: DayJob) => FIXED.has(j.status) || locks.get(j.bookingId)?.keepTime === true;
    // Their jobs at the business's other locations that day are stops at their own time (decision 1349).
    const busy = day.elsewhere
      .filter((j) => j.technicianId === technician.id)
      .sort((a, b) => a.arrivalAt.getTime() - b.arrivalAt.getTime());
    const timed = await timeRoute(deps.geo, day, technician, order, pinned, busy);
    outsideWindow.push(...timed.late);
    planned.push({ technician, stops: timed.stops, lunch: timed.lunch });
  }
  return storeProposal(deps, who, day, before.totals.driveMinutes, planned, {
    kept: day.jobs.filter((j) => !inPlan.has(j.bookingId)).map((j) => j.bookingId),
    unassigned: takenOff,
    outsideWindow,
    solveMs: performance.now() - started,
  });
}

/**
 * The owner's order with the technician's jobs elsewhere put in by time (decision 1349): a job of the order goes
 * before the next job elsewhere only when it can be done and the drive there made before that job's time; otherwise
 * the job elsewhere comes first, and what follows it starts after it (late, if it must).
 */
async function withJobsElsewhere(
  geo: GeoProviders,
  day: Day,
  start: Point,
  order: DayJob[],
  busy: DayJob[],
  ready: (j: DayJob) => number,
): Promise<DayJob[]> {
  if (busy.length === 0) return order;
  const minutesOf = (d: Date) => (d.getTime() - day.dayStart.getTime()) / 60_000;
  const all = [...order, ...busy];
  const placed = all.filter((j) => j.point);
  const matrix = await geo.travelTimes(day.tuning).matrix([start, ...placed.map((j) => j.point!)]);
  const index = new Map(placed.map((j, k) => [j, k + 1]));
  // A point-less job adds no drive, as along a route (legsOf).
  const drive = (from: DayJob | null, to: DayJob) => {
    const a = from ? index.get(from) : 0;
    const b = index.get(to);
    return a === undefined || b === undefined ? 0 : matrix[a]![b]!;
  };
  const merged: DayJob[] = [];
  let t = minutesOf(zonedTimeToUtc(day.date, SHIFT.start, day.timeZone));
  let at: DayJob | null = null;
  let i = 0;
  let k = 0;
  while (i < order.length || k < busy.length) {
    const own = order[i];
    const next = busy[k];
    let takeOwn = own !== undefined;
    if (own && next) {
      const done: number = Math.max(t + drive(at, own), ready(own)) + own.durationMinutes;
      takeOwn = done + drive(own, next) <= minutesOf(next.arrivalAt) + EPS;
    }
    const job: DayJob = takeOwn ? own! : next!;
    t = Math.max(t + drive(at, job), takeOwn ? ready(job) : minutesOf(job.arrivalAt)) + job.durationMinutes;
    at = job;
    merged.push(job);
    if (takeOwn) i++;
    else k++;
  }
  return merged;
}

/**
 * When a technician reaches each job of a fixed order: leaving at the shift's start, waiting for a job's booked time
 * (or its locked time), never skipping ahead. A lunch break goes in the gap that makes the fewest minutes late, then
 * brings them home earliest; the drive may be split around it, as the solver does (decision 1245).
 */
async function timeRoute(
  geo: GeoProviders,
  day: Day,
  technician: DayTechnician,
  ownOrder: DayJob[],
  ownPinned: (j: DayJob) => boolean,
  busy: DayJob[] = [],
): Promise<{
  stops: { job: DayJob; at: Date }[];
  lunch: { start: Date; end: Date } | null;
  late: string[];
}> {
  const minutesOf = (d: Date) => (d.getTime() - day.dayStart.getTime()) / 60_000;
  const instantOf = (m: number) => new Date(day.dayStart.getTime() + Math.round(m) * 60_000);
  const clock = (hhmm: string) => minutesOf(zonedTimeToUtc(day.date, hhmm, day.timeZone));
  const centre = dayCentre(day);
  const start = technician.start ?? centre;
  const elsewhere = new Set(busy);
  // A job elsewhere is where it is: pinned to its arrival.
  const pinned = (j: DayJob) => elsewhere.has(j) || ownPinned(j);
  const order = await withJobsElsewhere(geo, day, start, ownOrder, busy, (j) =>
    ownPinned(j) ? minutesOf(j.arrivalAt) : j.anyTime ? minutesOf(j.windowStart) : minutesOf(j.scheduledAt),
  );
  const legs = await legsOf(geo.travelTimes(day.tuning), [
    start,
    ...order.map((j) => j.point),
    technician.end ?? start,
  ]);
  const windows = order.map((j) => {
    const at = pinned(j) ? minutesOf(j.arrivalAt) : minutesOf(j.scheduledAt);
    // A job any time today waits for nothing but the shift's start, and is late only after its end (decision 1334).
    if (!pinned(j) && j.anyTime) return { ready: minutesOf(j.windowStart), due: minutesOf(j.windowEnd) };
    return { ready: at, due: pinned(j) ? at : at + ARRIVAL_WINDOW_MINUTES };
  });
  const n = order.length;
  const run = (gap: number | null, lunchFrom: number, lunchMinutes: number) => {
    let t = clock(SHIFT.start);
    let lateMinutes = 0;
    let breakStart: number | null = null;
    const starts: number[] = [];
    for (let k = 0; k <= n; k++) {
      let arrive = t + legs[k + 1]!;
      if (gap === k) {
        breakStart = Math.max(t, lunchFrom);
        arrive = Math.max(arrive, breakStart) + lunchMinutes;
      }
      if (k === n) return { starts, lateMinutes, breakStart, home: arrive };
      const begin = Math.round(Math.max(arrive, windows[k]!.ready));
      lateMinutes += Math.max(0, begin - windows[k]!.due);
      starts.push(begin);
      t = begin + order[k]!.durationMinutes;
    }
    throw new Error('unreachable');
  };
  let best = run(null, 0, 0);
  const lunch = technician.lunch;
  if (lunch && n > 0) {
    const from = clock(lunch.from);
    const to = clock(lunch.to);
    let chosen: { r: ReturnType<typeof run>; key: number[] } | null = null;
    for (let g = 0; g <= n; g++) {
      const r = run(g, from, lunch.minutes);
      const key = [r.breakStart! > to + EPS ? 1 : 0, r.lateMinutes, r.home];
      if (!chosen || isBefore(key, chosen.key)) chosen = { r, key };
    }
    best = chosen!.r;
  }
  // Only the order's own jobs are reported late: one elsewhere comes before any job that cannot be done before it.
  const late = order.filter((job, k) => !elsewhere.has(job) && best.starts[k]! > windows[k]!.due + EPS);
  return {
    stops: order.flatMap((job, k) => (elsewhere.has(job) ? [] : [{ job, at: instantOf(best.starts[k]!) }])),
    lunch:
      best.breakStart === null || !lunch
        ? null
        : { start: instantOf(best.breakStart), end: instantOf(best.breakStart + lunch.minutes) },
    late: late.map((j) => j.bookingId),
  };
}

const isBefore = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > EPS) return a[i]! < b[i]!;
  return false;
};
