import type { RouteChange, RoutePlan } from '../../../shared/route-plans';
import type { Database } from '../../db/client';
import { routePlans } from '../../db/schema';
import type { GeoProviders } from '../../providers/geo/geo';
import {
  type Day,
  type DayJob,
  type DayTechnician,
  dayCentre,
  fingerprintOf,
  legsOf,
  round1,
  stopOf,
} from './route-day.service';

// A proposed plan, from Optimize or from the owner's own edit (decisions 1216, 1270): each technician's jobs with
// their arrivals, drive minutes along the order, the changes against the day, stored once to be applied once.

export interface StoredPlan {
  technicians: { technicianId: string; stops: { bookingId: string; arrivalAt: string }[] }[];
  kept: string[];
  changes: RouteChange[];
  /** Jobs taken off their technician's route by this plan (decision 1270). */
  unassigned?: string[];
  /** The location the plan was made for (decision 1280); absent = the whole business. */
  locationId?: string | null;
  /** Arrivals outside their booked window or locked time: applied only with the owner's say (decision 1270). */
  outsideWindow?: string[];
}

export interface PlannedTechnician {
  technician: DayTechnician;
  stops: { job: DayJob; at: Date }[];
  lunch: { start: Date; end: Date } | null;
}

export async function storeProposal(
  deps: { db: Database; geo: GeoProviders },
  who: { businessId: string; userId: string },
  day: Day,
  beforeMinutes: number,
  planned: PlannedTechnician[],
  extra: { kept: string[]; unassigned: DayJob[]; outsideWindow: string[]; solveMs: number },
): Promise<RoutePlan> {
  const travel = deps.geo.travelTimes(day.tuning);
  const centre = dayCentre(day);
  const stored: StoredPlan = {
    technicians: [],
    kept: extra.kept,
    changes: [],
    outsideWindow: extra.outsideWindow,
    unassigned: extra.unassigned.map((j) => j.bookingId),
    locationId: day.locationId,
  };
  const technicians: RoutePlan['technicians'] = [];
  let after = 0;
  for (const { technician: t, stops, lunch } of planned) {
    const legs = await legsOf(travel, [
      t.start ?? centre,
      ...stops.map((p) => p.job.point),
      t.end ?? t.start ?? centre,
    ]);
    const drive = stops.length ? legs.reduce((s, x) => s + x, 0) : 0;
    after += drive;
    technicians.push({
      technicianId: t.id,
      name: t.name,
      start: t.start,
      end: t.end,
      stops: stops.map((p, i) => stopOf(p.job, p.at, legs[i + 1]!)),
      driveMinutes: round1(drive),
      returnDriveMinutes: round1(stops.length ? legs[stops.length + 1]! : 0),
      lunchBreak: lunch ? { start: lunch.start.toISOString(), end: lunch.end.toISOString() } : null,
    });
    stored.technicians.push({
      technicianId: t.id,
      stops: stops.map((p) => ({ bookingId: p.job.bookingId, arrivalAt: p.at.toISOString() })),
    });
    for (const p of stops) {
      const moved = Math.abs(p.at.getTime() - p.job.arrivalAt.getTime()) >= 60_000;
      if (p.job.technicianId !== t.id || moved)
        stored.changes.push({
          bookingId: p.job.bookingId,
          customerName: p.job.customerName,
          fromTechnicianId: p.job.technicianId,
          toTechnicianId: t.id,
          fromArrivalAt: p.job.arrivalAt.toISOString(),
          toArrivalAt: p.at.toISOString(),
        });
    }
  }
  // A job taken off its route goes back to its booked time, with no one.
  for (const job of extra.unassigned)
    if (job.technicianId !== null)
      stored.changes.push({
        bookingId: job.bookingId,
        customerName: job.customerName,
        fromTechnicianId: job.technicianId,
        toTechnicianId: null,
        fromArrivalAt: job.arrivalAt.toISOString(),
        toArrivalAt: job.scheduledAt.toISOString(),
      });
  const afterMinutes = round1(after);
  const [row] = await deps.db
    .insert(routePlans)
    .values({
      businessId: who.businessId,
      day: day.date,
      fingerprint: fingerprintOf(day),
      plan: stored,
      beforeMinutes: Math.round(beforeMinutes),
      afterMinutes: Math.round(afterMinutes),
      createdBy: who.userId,
    })
    .returning({ id: routePlans.id });
  return {
    planId: row!.id,
    date: day.date,
    beforeMinutes,
    afterMinutes,
    savedMinutes: round1(beforeMinutes - afterMinutes),
    technicians,
    changes: stored.changes,
    kept: stored.kept,
    unassigned: stored.unassigned ?? [],
    outsideWindow: extra.outsideWindow,
    solveMs: Math.round(extra.solveMs),
  };
}
