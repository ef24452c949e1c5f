import { BOOKING_MESSAGES } from './booking.schemas';
import { SLOT_HOLDING_STATUSES } from './booking-status';
import {
  type BookingRules,
  DEFAULT_BOOKING_RULES,
  formatNotice,
  SCHEDULING_TEXT,
  weekdayOf,
} from './scheduling';
import { addDays, todayInZone, utcToZoned, zonedTimeToUtc } from './time';

// The one slot function: /book, the owner's New booking and Edit, and checkout all ask it (docs/decisions/1101).

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

/**
 * Whether one more job fits beside the held ones with `capacity` crews: the most jobs running at once during
 * the candidate must stay below the capacity (the count only rises at a start, so the starts are checked).
 */
export function fitsCapacity(candidate: BusyInterval, busy: readonly BusyInterval[], capacity = 1): boolean {
  const overlapping = busy.filter((b) => intervalsOverlap(candidate, b));
  if (overlapping.length < capacity) return true;
  const from = candidate.start.getTime();
  const points = [from, ...overlapping.map((b) => b.start.getTime()).filter((t) => t > from)];
  return points.every((t) => {
    const running = overlapping.filter(
      (b) => b.start.getTime() <= t && t < b.start.getTime() + b.durationMinutes * MINUTE,
    ).length;
    return running < capacity;
  });
}

export function isSlotFree(candidate: BusyInterval, busy: readonly BusyInterval[]): boolean {
  return fitsCapacity(candidate, busy, 1);
}

export type SlotState = 'available' | 'taken' | 'past';

/** The first and last dates a customer may pick, in the business's zone. */
export function bookingWindow(rules: BookingRules, timeZone: string, now: Date = new Date()) {
  const today = todayInZone(timeZone, now);
  return { today, maxDate: addDays(today, rules.horizonDays) };
}

/** Start times (HH:MM) of a date's slots: every `slotMinutes` from opening while before closing; none when closed. */
export function slotTimesForDate(date: string, rules: BookingRules): string[] {
  const hours = rules.weeklyHours[weekdayOf(date)];
  if (!hours || rules.closedDates.includes(date)) return [];
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const times: string[] = [];
  for (let m = toMinutes(hours.open); m < toMinutes(hours.close); m += rules.slotMinutes) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}

interface SlotQuery {
  date: string;
  timeZone: string;
  durationMinutes: number;
  busy: readonly BusyInterval[];
  now?: Date;
  rules?: BookingRules;
}

/**
 * A day's slots in the business's zone under its rules: ones inside the minimum notice are `past`, ones where
 * every crew is busy are `taken`. A wall-clock time skipped by a daylight-saving change is left out.
 */
export function slotsForDate(opts: SlotQuery): Array<{ time: string; startsAt: Date; state: SlotState }> {
  const now = opts.now ?? new Date();
  const rules = opts.rules ?? DEFAULT_BOOKING_RULES;
  const earliest = now.getTime() + rules.minNoticeMinutes * MINUTE;
  const seen = new Set<number>();
  const slots: Array<{ time: string; startsAt: Date; state: SlotState }> = [];
  for (const time of slotTimesForDate(opts.date, rules)) {
    const startsAt = zonedTimeToUtc(opts.date, time, opts.timeZone);
    const wall = utcToZoned(startsAt, opts.timeZone);
    if (wall.date !== opts.date || wall.time !== time || seen.has(startsAt.getTime())) continue;
    seen.add(startsAt.getTime());
    let state: SlotState = 'available';
    if (startsAt.getTime() < earliest || startsAt.getTime() <= now.getTime()) state = 'past';
    else if (
      !fitsCapacity({ start: startsAt, durationMinutes: opts.durationMinutes }, opts.busy, rules.capacity)
    )
      state = 'taken';
    slots.push({ time, startsAt, state });
  }
  return slots;
}

export type SlotCheck =
  | { ok: true; startsAt: Date }
  | { ok: false; reason: 'past' | 'horizon' | 'closed' | 'outside' | 'notice' | 'taken'; message: string };

/** Whether a date and time can be booked under the rules; the message says why not (409 for `taken`, else 400). */
export function checkSlot(opts: SlotQuery & { time: string }): SlotCheck {
  const now = opts.now ?? new Date();
  const rules = opts.rules ?? DEFAULT_BOOKING_RULES;
  const { today, maxDate } = bookingWindow(rules, opts.timeZone, now);
  if (opts.date < today) return { ok: false, reason: 'past', message: BOOKING_MESSAGES.pastDate };
  if (opts.date > maxDate)
    return { ok: false, reason: 'horizon', message: SCHEDULING_TEXT.beyondHorizon(rules.horizonDays) };
  const slots = slotsForDate({ ...opts, now, rules });
  if (slots.length === 0) return { ok: false, reason: 'closed', message: SCHEDULING_TEXT.closedDay };
  const slot = slots.find((s) => s.time === opts.time);
  if (!slot) return { ok: false, reason: 'outside', message: SCHEDULING_TEXT.outsideHours };
  if (slot.state === 'past') {
    if (slot.startsAt.getTime() <= now.getTime())
      return { ok: false, reason: 'past', message: BOOKING_MESSAGES.pastDate };
    return {
      ok: false,
      reason: 'notice',
      message: SCHEDULING_TEXT.tooSoon(formatNotice(rules.minNoticeMinutes)),
    };
  }
  if (slot.state === 'taken') return { ok: false, reason: 'taken', message: BOOKING_MESSAGES.slotTaken };
  return { ok: true, startsAt: slot.startsAt };
}
