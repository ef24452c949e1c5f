import { SLOT_HOLDING_STATUSES } from './booking-status';
import { TIME_SLOTS } from './constants';
import { zonedTimeToUtc } from './time';

export { SLOT_HOLDING_STATUSES };

export interface BusyInterval {
  start: Date;
  durationMinutes: number;
}

const MINUTE = 60_000;

/** Half-open intervals [start, start + duration): a job ending at 10:00 does not clash with one starting at 10:00. */
export function intervalsOverlap(a: BusyInterval, b: BusyInterval): boolean {
  const aStart = a.start.getTime();
  const bStart = b.start.getTime();
  return aStart < bStart + b.durationMinutes * MINUTE && bStart < aStart + a.durationMinutes * MINUTE;
}

export function isSlotFree(candidate: BusyInterval, busy: readonly BusyInterval[]): boolean {
  return !busy.some((b) => intervalsOverlap(candidate, b));
}

export type SlotState = 'available' | 'taken' | 'past';

/** §9's hourly slots for one day in the business's zone: past ones and ones clashing with a held booking are not offered. */
export function slotsForDate(opts: {
  date: string;
  timeZone: string;
  durationMinutes: number;
  busy: readonly BusyInterval[];
  now?: Date;
}): Array<{ time: string; startsAt: Date; state: SlotState }> {
  const now = opts.now ?? new Date();
  return TIME_SLOTS.map((time) => {
    const startsAt = zonedTimeToUtc(opts.date, time, opts.timeZone);
    let state: SlotState = 'available';
    if (startsAt.getTime() <= now.getTime()) state = 'past';
    else if (!isSlotFree({ start: startsAt, durationMinutes: opts.durationMinutes }, opts.busy))
      state = 'taken';
    return { time, startsAt, state };
  });
}
