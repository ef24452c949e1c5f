import { and, eq, isNull } from 'drizzle-orm';
import { type ApplyResult, NOTIFY_CHANGE_MINUTES, ROUTES_TEXT } from '../../../shared/route-plans';
import { formatTimeInZone } from '../../../shared/time';
import type { Database } from '../../db/client';
import { bookingAssignments, bookings, routePlans } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { localGeo } from '../../providers/geo/create-geo';
import type { TravelTimes } from '../../providers/geo/geo';
import { deliverQueued } from '../campaigns/automations/message-queue';
import { queueArrivalChanged } from './arrival-notice';
import type { StoredPlan } from './proposal.service';
import { type Day, type DayJob, fingerprintOf, loadDay, overlaps } from './route-day.service';

// Apply (decision 1216): a plan is claimed by the statement that marks it applied, so two applications at once
// apply it once (the second waits on the row and finds it applied). The day must be as it was when the plan was
// made (and a plan breaking a booked window needs the owner's say); then each job gets its technician and its planned arrival, and customers whose arrival moved are told.

type Deps = Pick<
  AppDeps,
  'db' | 'mailer' | 'sms' | 'publicUrl' | 'linkSecret' | 'messageRetryDelaysMs' | 'geo'
>;

/** Planned arrivals are whole minutes: a drive may look up to half a minute longer than the gap left for it. */
const ROUNDING_MINUTES = 0.5;

export async function applyPlan(
  deps: Deps,
  who: { businessId: string; userId: string },
  planId: string,
  options: { allowOutsideWindow?: boolean } = {},
): Promise<ApplyResult> {
  const { businessId } = who;
  const db: Database = deps.db;
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(routePlans)
      .set({ appliedAt: new Date(), appliedBy: who.userId })
      .where(
        and(eq(routePlans.id, planId), eq(routePlans.businessId, businessId), isNull(routePlans.appliedAt)),
      )
      .returning();
    if (!claimed) {
      const [existing] = await tx
        .select({ id: routePlans.id })
        .from(routePlans)
        .where(and(eq(routePlans.id, planId), eq(routePlans.businessId, businessId)));
      if (!existing) throw notFound(ROUTES_TEXT.planNotFound);
      return null;
    }
    const plan = claimed.plan as StoredPlan;
    const day = await loadDay(tx, businessId, claimed.day, plan.locationId ?? null);
    if (fingerprintOf(day) !== claimed.fingerprint) throw conflict(ROUTES_TEXT.planStale);
    // Arrivals outside a customer's booked window need the owner's say (decision 1270); the claim rolls back.
    if (plan.outsideWindow?.length && !options.allowOutsideWindow)
      throw conflict(ROUTES_TEXT.outsideWindowRefused);
    const jobs = new Map(day.jobs.map((j) => [j.bookingId, j]));
    // A technician's jobs at the business's other locations that day are where they are (decision 1333): a plan that
    // puts them on a job of this one at the same time is refused, whoever made it; the claim rolls back.
    for (const t of plan.technicians)
      for (const s of t.stops) {
        const job = jobs.get(s.bookingId);
        const at = new Date(s.arrivalAt);
        if (
          job &&
          day.elsewhere.some((e) => e.technicianId === t.technicianId && overlaps(job, at, e, e.arrivalAt))
        )
          throw conflict(ROUTES_TEXT.elsewhereOverlap);
      }
    // Nor one that leaves them too little time to drive between such a job and a job of this plan (decision 1349).
    if (day.elsewhere.length > 0)
      await refuseNoTimeToDrive((deps.geo ?? localGeo).travelTimes(day.tuning), day, plan, jobs);
    const team = new Set(day.technicians.map((t) => t.id));
    let reassigned = 0;
    let reordered = 0;
    const moved: { bookingId: string; arrivalAt: Date }[] = [];
    for (const t of plan.technicians) {
      // Someone who left the team since keeps no jobs from this plan.
      if (!team.has(t.technicianId)) continue;
      for (const s of t.stops) {
        const job = jobs.get(s.bookingId);
        if (!job) continue;
        const arrivalAt = new Date(s.arrivalAt);
        if (!day.soloOwner && job.technicianId !== t.technicianId) {
          await tx
            .insert(bookingAssignments)
            .values({ bookingId: job.bookingId, businessId, technicianId: t.technicianId })
            .onConflictDoUpdate({
              target: bookingAssignments.bookingId,
              set: { technicianId: t.technicianId, assignedAt: new Date() },
            });
          reassigned++;
        }
        if (arrivalAt.getTime() !== job.arrivalAt.getTime()) {
          await tx
            .update(bookings)
            .set({ plannedArrivalAt: arrivalAt })
            .where(and(eq(bookings.id, job.bookingId), eq(bookings.businessId, businessId)));
          reordered++;
          if (Math.abs(arrivalAt.getTime() - job.arrivalAt.getTime()) >= NOTIFY_CHANGE_MINUTES * 60_000)
            moved.push({ bookingId: job.bookingId, arrivalAt });
        }
      }
    }
    // Taken off their route (decision 1270): no one has them now, and they are back at their booked time.
    for (const bookingId of plan.unassigned ?? []) {
      const job = jobs.get(bookingId);
      if (!job || job.technicianId === null || day.soloOwner) continue;
      await tx
        .delete(bookingAssignments)
        .where(
          and(eq(bookingAssignments.bookingId, bookingId), eq(bookingAssignments.businessId, businessId)),
        );
      await tx
        .update(bookings)
        .set({ plannedArrivalAt: null })
        .where(and(eq(bookings.id, bookingId), eq(bookings.businessId, businessId)));
      reassigned++;
    }
    // The customers whose arrival moved are told by rows that commit with the plan (decision 1331).
    let notified = 0;
    const messageIds: string[] = [];
    for (const m of moved) {
      const ids = await queueArrivalChanged(deps, tx, businessId, m.bookingId, m.arrivalAt);
      if (!ids) continue;
      notified++;
      messageIds.push(...ids);
    }
    return { reassigned, reordered, notified, messageIds, timeZone: day.timeZone };
  });
  if (!outcome) return { planId, applied: false, notified: 0, reassigned: 0, reordered: 0 };
  await deliverQueued(deps, outcome.messageIds);
  const { notified } = outcome;
  return {
    planId,
    applied: true,
    notified,
    reassigned: outcome.reassigned,
    reordered: outcome.reordered,
  };
}

/**
 * Each technician's day in time order, their jobs of this plan and their jobs elsewhere together: between a job of the
 * plan and a job elsewhere next to it, the gap must hold the drive (the travel-time provider's, as Optimize uses).
 * A job without a point adds no drive, as along a route.
 */
async function refuseNoTimeToDrive(
  travel: TravelTimes,
  day: Day,
  plan: StoredPlan,
  jobs: Map<string, DayJob>,
): Promise<void> {
  for (const t of plan.technicians) {
    const busy = day.elsewhere.filter((e) => e.technicianId === t.technicianId);
    if (busy.length === 0) continue;
    const timeline = [
      ...t.stops.flatMap((s) => {
        const job = jobs.get(s.bookingId);
        return job ? [{ job, at: Date.parse(s.arrivalAt), elsewhere: false }] : [];
      }),
      ...busy.map((job) => ({ job, at: job.arrivalAt.getTime(), elsewhere: true })),
    ].sort((a, b) => a.at - b.at);
    const placed = timeline.filter((x) => x.job.point);
    const matrix = await travel.matrix(placed.map((x) => x.job.point!));
    for (let k = 1; k < timeline.length; k++) {
      const from = timeline[k - 1]!;
      const to = timeline[k]!;
      if (from.elsewhere === to.elsewhere) continue;
      const a = placed.indexOf(from);
      const b = placed.indexOf(to);
      const drive = a < 0 || b < 0 ? 0 : matrix[a]![b]!;
      const gap = (to.at - from.at) / 60_000 - from.job.durationMinutes;
      if (gap + ROUNDING_MINUTES < drive) {
        const name = day.technicians.find((x) => x.id === t.technicianId)?.name ?? 'A technician';
        const elsewhere = from.elsewhere ? from : to;
        throw conflict(
          `${ROUTES_TEXT.elsewhereNoDrive} ${name} would have ${Math.max(0, Math.round(gap))} min for a ${Math.round(drive)}-min drive ${from.elsewhere ? 'after' : 'before'} their job at another location at ${formatTimeInZone(new Date(elsewhere.at), day.timeZone)}. Press Optimize again, or change the order.`,
        );
      }
    }
  }
}
