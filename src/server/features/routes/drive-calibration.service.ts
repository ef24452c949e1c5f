import { and, count, desc, eq, gt, inArray, lt, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, driveObservations, fieldEvents, profiles } from '../../db/schema';
import { greatCircleTravelTimes } from '../../providers/geo/great-circle';

// Travel-time calibration from the field (issue 27, decision 1247): each check-in that follows the same technician's
// end of another job that day is a drive observed; its minutes over the local estimate's minutes between the two
// jobs' points is a ratio; the business's factor is the median of its latest ratios, clamped, and the great-circle
// estimate is multiplied by it.

/** Ratios the factor is the median of (the latest), and the fewest that make one. */
export const CALIBRATION_WINDOW = 20;
export const CALIBRATION_MIN_OBSERVATIONS = 10;
/** The factor stays within these (a month of traffic or of detours does not make a city twice as slow). */
export const CALIBRATION_MIN = 0.7;
export const CALIBRATION_MAX = 1.6;
/** A gap longer than this between jobs is not a drive (an evening, a day off). */
const MAX_GAP_MINUTES = 10 * 60;
/** Drives shorter than this are parking and walking more than driving: too noisy to learn from. */
const MIN_PREDICTED_MINUTES = 3;
/** Ratios outside this are not drives between the two jobs (lunch, a supply run, a phone left on the dashboard). */
const MIN_RATIO = 0.33;
const MAX_RATIO = 3;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The factor from ratios, newest first: the median of the latest window, clamped; null with too few. */
export function calibrationFactor(ratiosNewestFirst: number[]): number | null {
  const window = ratiosNewestFirst.slice(0, CALIBRATION_WINDOW);
  if (window.length < CALIBRATION_MIN_OBSERVATIONS) return null;
  return Math.min(CALIBRATION_MAX, Math.max(CALIBRATION_MIN, median(window)));
}

/** Whether an observed drive is one to learn from. */
export function usableDrive(observedMinutes: number, predictedMinutes: number): boolean {
  if (!(predictedMinutes >= MIN_PREDICTED_MINUTES) || !(observedMinutes > 0)) return false;
  const ratio = observedMinutes / predictedMinutes;
  return ratio >= MIN_RATIO && ratio <= MAX_RATIO;
}

/**
 * What the owner sees of the calibration (issue 27): the drives measured from check-ins, the factor in use (null:
 * the default, the local estimate as it is) and when the last drive was measured, which is when it was last updated.
 */
export async function calibrationSummary(
  db: DbOrTx,
  businessId: string,
): Promise<{ observations: number; factor: number | null; updatedAt: string | null }> {
  const [seen] = await db
    .select({ n: count(), last: max(driveObservations.createdAt) })
    .from(driveObservations)
    .where(eq(driveObservations.businessId, businessId));
  const [profile] = await db
    .select({ factor: profiles.driveCalibration })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  return {
    observations: seen?.n ?? 0,
    factor: profile?.factor ?? null,
    updatedAt: seen?.last ? new Date(seen.last).toISOString() : null,
  };
}

/** Recomputes the business's factor from its latest observations (null again when too few remain). */
export async function recalibrate(db: DbOrTx, businessId: string): Promise<number | null> {
  const rows = await db
    .select({ observed: driveObservations.observedMinutes, predicted: driveObservations.predictedMinutes })
    .from(driveObservations)
    .where(eq(driveObservations.businessId, businessId))
    .orderBy(desc(driveObservations.arrivedAt), desc(driveObservations.id))
    .limit(CALIBRATION_WINDOW);
  const factor = calibrationFactor(rows.map((r) => r.observed / r.predicted));
  await db.update(profiles).set({ driveCalibration: factor }).where(eq(profiles.id, businessId));
  return factor;
}

/**
 * Records the drive that ended with this check-in, once per job arrived at (the first check-in counts; a replay or a
 * second check-in adds nothing), and recalibrates. Start: the technician's latest check-out or completion of another
 * job within the gap, or their "on my way" to this job when later (time spent waiting before leaving is not drive).
 */
export async function observeDrive(
  db: DbOrTx,
  businessId: string,
  technicianId: string,
  bookingId: string,
  arrivedAt: Date,
): Promise<boolean> {
  const since = new Date(arrivedAt.getTime() - MAX_GAP_MINUTES * 60_000);
  const [left] = await db
    .select({ bookingId: fieldEvents.bookingId, at: fieldEvents.deviceTime })
    .from(fieldEvents)
    .where(
      and(
        eq(fieldEvents.businessId, businessId),
        eq(fieldEvents.userId, technicianId),
        inArray(fieldEvents.kind, ['check_out', 'completed']),
        ne(fieldEvents.bookingId, bookingId),
        gt(fieldEvents.deviceTime, since),
        lt(fieldEvents.deviceTime, arrivedAt),
      ),
    )
    .orderBy(desc(fieldEvents.deviceTime))
    .limit(1);
  if (!left) return false;
  const [onTheWay] = await db
    .select({ at: fieldEvents.deviceTime })
    .from(fieldEvents)
    .where(
      and(
        eq(fieldEvents.businessId, businessId),
        eq(fieldEvents.userId, technicianId),
        eq(fieldEvents.kind, 'on_my_way'),
        eq(fieldEvents.bookingId, bookingId),
        gt(fieldEvents.deviceTime, left.at),
        lt(fieldEvents.deviceTime, arrivedAt),
      ),
    )
    .orderBy(desc(fieldEvents.deviceTime))
    .limit(1);
  const start = onTheWay?.at ?? left.at;
  const points = await db
    .select({ id: bookings.id, lat: bookings.latitude, lng: bookings.longitude })
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), inArray(bookings.id, [left.bookingId, bookingId])));
  const from = points.find((p) => p.id === left.bookingId);
  const to = points.find((p) => p.id === bookingId);
  if (from?.lat == null || from.lng == null || to?.lat == null || to.lng == null) return false;
  const [tuning] = await db
    .select({ circuity: profiles.driveCircuity, speedPercent: profiles.driveSpeedPercent })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  // Predicted without the calibration: the ratio is against the uncalibrated estimate, so it does not feed on itself.
  const predicted = await greatCircleTravelTimes(tuning ?? {}).travelMinutes(
    { lat: from.lat, lng: from.lng },
    { lat: to.lat, lng: to.lng },
  );
  const observed = (arrivedAt.getTime() - start.getTime()) / 60_000;
  if (!usableDrive(observed, predicted)) return false;
  const added = await db
    .insert(driveObservations)
    .values({
      businessId,
      technicianId,
      fromBookingId: left.bookingId,
      toBookingId: bookingId,
      observedMinutes: observed,
      predictedMinutes: predicted,
      arrivedAt,
    })
    .onConflictDoNothing()
    .returning({ id: driveObservations.id });
  if (!added.length) return false;
  await recalibrate(db, businessId);
  return true;
}
