import {
  ARRIVAL_WINDOW_MINUTES,
  type OptimizeInput,
  optimizeInputSchema,
  type Point,
  ROUTES_TEXT,
  type RoutePlan,
  SHIFT,
} from '../../../shared/route-plans';
import { zonedTimeToUtc } from '../../../shared/time';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { GeoProviders } from '../../providers/geo/geo';
import { solveInWorker } from '../../routing/solve-in-worker';
import type { RoutingJob, RoutingProblem, RoutingVehicle } from '../../routing/types';
import { backfillCoordinates } from './coordinates.service';
import { type PlannedTechnician, storeProposal } from './proposal.service';
import {
  currentRoutes,
  type Day,
  type DayJob,
  dayCentre,
  loadDay,
  overlaps,
  ownBookingIds,
} from './route-day.service';

// Optimize (decisions 1216, 1333): the day's jobs with points become a vehicle-routing problem in minutes from the day's
// local midnight — each job's booked window (the booked time and the hour after, widened only by the owner's say),
// its duration, its locks; each technician's shift and start/end points — solved in the routing worker thread.

/** The solver's budget for a day (issue 27: 60 jobs and 6 technicians in under 1 s). */
export const OPTIMIZE_TIME_LIMIT_MS = 700;
/** Balanced days (decision 1335): a plan may drive this many minutes more than the least found to even the days. */
export const BALANCE_TOLERANCE_MINUTES = 2;
/** Jobs already under way or done stay where and when they are. */
const FIXED = new Set(['in_progress', 'completed']);

type Deps = { db: Database; geo: GeoProviders };

/** The day with every job that can have a point given one (rows written before points were stored). */
export async function loadPlacedDay(
  deps: Deps,
  businessId: string,
  date: string,
  locationId: string | null = null,
): Promise<Day> {
  const day = await loadDay(deps.db, businessId, date, locationId);
  const missing = [...day.jobs, ...day.elsewhere].filter((j) => !j.point).map((j) => j.bookingId);
  if (missing.length === 0) return day;
  const filled = await backfillCoordinates(deps.db, deps.geo.geocoder, { businessId, bookingIds: missing });
  return filled.bookings > 0 ? loadDay(deps.db, businessId, date, locationId) : day;
}

export async function optimizeDay(
  deps: Deps,
  who: { businessId: string; userId: string },
  body: OptimizeInput,
): Promise<RoutePlan> {
  const input = optimizeInputSchema.parse(body);
  const { businessId } = who;
  const lockIds = input.locks.map((l) => l.bookingId);
  const own = await ownBookingIds(deps.db, businessId, lockIds);
  if (lockIds.some((id) => !own.has(id))) throw notFound(ROUTES_TEXT.lockUnknownBooking);
  const location = input.locationId ?? null;
  const listed = await loadDay(deps.db, businessId, input.date, location);
  const techIds = new Set(listed.technicians.map((t) => t.id));
  if (input.locks.some((l) => l.technicianId !== undefined && !techIds.has(l.technicianId)))
    throw notFound(ROUTES_TEXT.lockUnknownTechnician);
  const day = await loadPlacedDay(deps, businessId, input.date, location);
  const locks = new Map(input.locks.map((l) => [l.bookingId, l]));

  const before = await currentRoutes(deps.geo, day, true);
  const travel = deps.geo.travelTimes(day.tuning);
  const minutesOf = (d: Date) => (d.getTime() - day.dayStart.getTime()) / 60_000;
  const instantOf = (m: number) => new Date(day.dayStart.getTime() + Math.round(m) * 60_000);

  // Points: each technician's start and end, then each job the solver may place.
  const placed = day.jobs.filter((j) => j.point);
  const centre = dayCentre(day);
  const points: Point[] = [];
  const vehicles: RoutingVehicle[] = day.technicians.map((t) => {
    points.push(t.start ?? centre, t.end ?? t.start ?? centre);
    return {
      id: t.id,
      start: points.length - 2,
      end: points.length - 1,
      shift: {
        start: minutesOf(zonedTimeToUtc(day.date, SHIFT.start, day.timeZone)),
        end: minutesOf(zonedTimeToUtc(day.date, SHIFT.end, day.timeZone)),
      },
      skills: t.skills,
      break: t.lunch
        ? {
            window: {
              start: minutesOf(zonedTimeToUtc(day.date, t.lunch.from, day.timeZone)),
              end: minutesOf(zonedTimeToUtc(day.date, t.lunch.to, day.timeZone)),
            },
            duration: t.lunch.minutes,
          }
        : undefined,
    };
  });
  const kept: string[] = day.jobs.filter((j) => !j.point).map((j) => j.bookingId);
  const jobs: RoutingJob[] = [];
  const byId = new Map<string, DayJob>();
  for (const j of placed) {
    const lock = locks.get(j.bookingId);
    const fixed = FIXED.has(j.status);
    if (fixed && !j.technicianId) {
      kept.push(j.bookingId);
      continue;
    }
    points.push(j.point!);
    byId.set(j.bookingId, j);
    const booked = minutesOf(j.scheduledAt);
    const keepTime = fixed || lock?.keepTime;
    const vehicleId = fixed ? j.technicianId! : lock?.technicianId;
    jobs.push({
      id: j.bookingId,
      location: points.length - 1,
      service: j.durationMinutes,
      skills: j.serviceId && day.specialist.has(j.serviceId) ? [j.serviceId] : [],
      // A job any time today has the technician's shift as its window (decision 1334).
      window:
        keepTime || j.anyTime
          ? undefined
          : { start: booked - input.widenMinutes, end: booked + ARRIVAL_WINDOW_MINUTES + input.widenMinutes },
      lock:
        keepTime || vehicleId
          ? { vehicleId, start: keepTime ? minutesOf(j.arrivalAt) : undefined }
          : undefined,
    });
  }
  // The technicians' jobs at the business's other locations that day (decision 1333): stops locked to them and to
  // their time, so that the plan drives to and from them and never books over them; they are not part of the plan.
  const elsewhere = new Map<string, DayJob>();
  for (const j of day.elsewhere) {
    const id = `elsewhere:${j.bookingId}`;
    elsewhere.set(id, j);
    points.push(j.point ?? centre);
    jobs.push({
      id,
      location: points.length - 1,
      service: j.durationMinutes,
      lock: { vehicleId: j.technicianId!, start: minutesOf(j.arrivalAt) },
    });
  }
  const durations = await travel.matrix(points);
  const problem: RoutingProblem = { jobs, vehicles, durations };
  const solution = await solveInWorker(problem, {
    timeLimitMs: OPTIMIZE_TIME_LIMIT_MS,
    seed: 1,
    balanceTolerance: BALANCE_TOLERANCE_MINUTES,
  });

  const planned: PlannedTechnician[] = day.technicians.map((t) => {
    const route = solution.routes.find((r) => r.vehicleId === t.id);
    const stops = (route?.stops ?? [])
      .filter((s) => !elsewhere.has(s.jobId))
      .map((s) => {
        const job = byId.get(s.jobId)!;
        const window = jobs.find((x) => x.id === s.jobId)!;
        // Whole minutes, never outside the job's window (times are booked on whole minutes).
        const lo = window.lock?.start ?? window.window?.start ?? s.start;
        const hi = window.lock?.start ?? window.window?.end ?? s.start;
        return { job, at: instantOf(Math.min(hi, Math.max(lo, Math.round(s.start)))) };
      });
    const lunch = route?.break
      ? { start: instantOf(route.break.start), end: instantOf(route.break.end) }
      : null;
    // Should the solver have had to leave one of this technician's jobs elsewhere out (a day already booked over
    // itself there), no job of this plan may still land on it: such a job stays as it is.
    const busy = day.elsewhere.filter((j) => j.technicianId === t.id);
    const free = stops.filter((s) => !busy.some((b) => overlaps(s.job, s.at, b, b.arrivalAt)));
    for (const s of stops) if (!free.includes(s)) kept.push(s.job.bookingId);
    return { technician: t, stops: free, lunch };
  });
  return storeProposal(deps, who, day, before.totals.driveMinutes, planned, {
    kept: [...kept, ...solution.unassigned.filter((id) => !elsewhere.has(id))],
    unassigned: [],
    // The solver keeps every arrival inside its window (widened only by the owner's say).
    outsideWindow: [],
    solveMs: solution.solveMs,
  });
}
