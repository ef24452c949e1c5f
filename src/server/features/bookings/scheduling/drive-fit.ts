import type { LatLng } from '../../../providers/geo/geo';

// Drive-aware slots (decision 1248), the pure part: whether one more job fits a technician's day, given the drives.
// Times are epoch milliseconds; drives are minutes. No database, no clock: the property test runs it by the thousand.

/** Something already in a technician's day: an assigned job (with its place when known) or a busy span elsewhere. */
export interface Commitment {
  start: number;
  end: number;
  /** Where it happens; null for another calendar's busy time or a job without coordinates (the place carries over). */
  point: LatLng | null;
}

export interface TechnicianDay {
  id: string;
  /** Where the day starts and ends (their own start location, else the business's base); null when unknown. */
  start: LatLng | null;
  end: LatLng | null;
  commitments: Commitment[];
}

/** The working day: the technician leaves `start` no earlier than `from` and is back at `end` by `to`. */
export interface Shift {
  from: number;
  to: number;
}

export interface Candidate {
  start: number;
  end: number;
  point: LatLng;
}

/** Drive minutes between two points; an unknown point on either side is no drive. */
export type DriveMinutes = (from: LatLng, to: LatLng) => number;

const MINUTE = 60_000;

/**
 * Whether the candidate job fits the technician's day: it overlaps none of their commitments, they reach it from the
 * previous commitment (or their start at the start of the shift) with the buffer, and from it they still reach the next
 * commitment (or their end point by the end of the shift), with the buffer. A commitment without a place keeps the
 * technician where they were, so the drive is measured from the last placed one; times are fixed (waiting is
 * allowed, starting late is not). Returns the extra drive minutes it costs, or null when it does not fit.
 */
export function insertionCost(
  day: TechnicianDay,
  job: Candidate,
  shift: Shift,
  bufferMinutes: number,
  drive: DriveMinutes,
): number | null {
  if (job.start < shift.from || job.end > shift.to) return null;
  const buffer = bufferMinutes * MINUTE;
  const before: Commitment[] = [];
  const after: Commitment[] = [];
  for (const c of day.commitments) {
    if (c.start < job.end && job.start < c.end) return null;
    (c.end <= job.start ? before : after).push(c);
  }
  before.sort((a, b) => a.end - b.end || a.start - b.start);
  after.sort((a, b) => a.start - b.start || a.end - b.end);

  // Back to the last placed commitment before the job (or the start of the day): the chain starts there.
  let anchor = -1;
  for (let i = before.length - 1; i >= 0; i--) {
    if (before[i]!.point) {
      anchor = i;
      break;
    }
  }
  let time = anchor >= 0 ? before[anchor]!.end : shift.from;
  let at: LatLng | null = anchor >= 0 ? before[anchor]!.point : day.start;
  let leaving = anchor >= 0;
  const go = (to: LatLng | null) => (at && to ? drive(at, to) : 0);
  const arrive = (c: { start: number; end: number; point: LatLng | null }) => {
    const ready = time + (leaving ? buffer : 0) + go(c.point) * MINUTE;
    if (ready > c.start) return false;
    time = c.end;
    at = c.point ?? at;
    leaving = true;
    return true;
  };
  for (let i = anchor + 1; i < before.length; i++) if (!arrive(before[i]!)) return null;
  const from = at;
  if (!arrive(job)) return null;
  let next: LatLng | null = null;
  for (const c of after) {
    if (!arrive(c)) return null;
    if (c.point) {
      next = c.point;
      break;
    }
  }
  if (!next) {
    next = day.end;
    if (time + go(next) * MINUTE > shift.to) return null;
  }
  const leg = (a: LatLng | null, b: LatLng | null) => (a && b ? drive(a, b) : 0);
  return leg(from, job.point) + leg(job.point, next) - leg(from, next);
}

/** The technician who can take the job with the least extra driving (the first in order on a tie), or null. */
export function bestTechnician(
  days: readonly TechnicianDay[],
  job: Candidate,
  shift: Shift,
  bufferMinutes: number,
  drive: DriveMinutes,
): { technicianId: string; extraDriveMinutes: number } | null {
  let best: { technicianId: string; extraDriveMinutes: number } | null = null;
  for (const day of days) {
    const cost = insertionCost(day, job, shift, bufferMinutes, drive);
    if (cost !== null && (best === null || cost < best.extraDriveMinutes - 1e-9))
      best = { technicianId: day.id, extraDriveMinutes: cost };
  }
  return best;
}
