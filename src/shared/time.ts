import { TZDateMini } from '@date-fns/tz/date/mini';
import { formatDate, formatTime } from './date-labels';

// Zone-free labels ("10:00 AM" for a slot, "1 hr 30 min") live apart, so pages that only show them (/book's island)
// do not load the zone library (decision 0965).
export { formatDuration, formatSlot } from './clock-labels';
// Dates and times as text need Intl only, not the zone rules: they live apart for the same reason (decision 1136).
export {
  addDays,
  calendarDateInZone,
  type DateFormatOptions,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatTime,
  viewerTimeZone,
} from './date-labels';

// Wall-clock times in a business's time zone. Zone rules come from @date-fns/tz (decision 0965: a maintained library,
// small enough for /book's island); formatting is Intl's, always in en-US.

/** Used for businesses that have not chosen a zone and for platform leads (the demo market is Austin, TX). */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant at which the zone's clock shows `date` (YYYY-MM-DD) and `time` (HH:MM). The zone rules are the
 * library's (decision 0965): a wall-clock time skipped by a daylight-saving change moves forward by the change
 * (02:30 on the spring-forward day is 03:30), and a repeated one is its first occurrence.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const instant = new TZDateMini(y, m - 1, d, hh, mm, timeZone).getTime();
  if (Number.isNaN(instant)) throw new RangeError(`Invalid time zone or date: ${timeZone} ${date} ${time}`);
  return new Date(instant);
}

/** The zone's calendar date (YYYY-MM-DD) and time (HH:MM) at an instant. */
export function utcToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = new TZDateMini(instant.getTime(), timeZone);
  if (Number.isNaN(wall.getTime())) throw new RangeError(`Invalid time zone or instant: ${timeZone}`);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`,
    time: `${pad(wall.getHours())}:${pad(wall.getMinutes())}`,
  };
}

/** Today's date in the zone (YYYY-MM-DD). */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return utcToZoned(now, timeZone).date;
}

/** "Tue, Jun 3, 2025 at 10:00 AM CDT": an instant on the zone's calendar and clock, with the zone's short name. */
export function formatDateTimeInZone(instant: Date | string, timeZone: string): string {
  return `${formatDate(instant, timeZone)} at ${formatTime(instant, timeZone, { zoneName: true })}`;
}

/**
 * A calendar date (YYYY-MM-DD: a day, with no time and no zone), checked, as that day's 00:00 UTC — the one way a
 * calendar date is read (not `T00:00:00` on the viewer's clock, nor `T12:00:00Z`). Read it back with the UTC getters
 * or `formatCalendarDate`; the instant the day starts in a zone is `zonedTimeToUtc(date, '00:00', zone)`.
 * Anything that is not a real date ("2030-02-30", "2030-2-3") is a RangeError.
 */
export function parseCalendarDate(date: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return parsed;
}

/** "10:00 AM" for an instant on the zone's clock: `formatTime` under its earlier name. */
export function formatTimeInZone(instant: Date | string, timeZone: string): string {
  return formatTime(instant, timeZone);
}

/** Day of the week (0 = Sunday) of a YYYY-MM-DD calendar date. */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
