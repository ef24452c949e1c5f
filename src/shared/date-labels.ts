// Dates and times as en-US text. Intl does the zone arithmetic of formatting, so this module loads no zone library:
// ./time.ts re-exports it, and a module the first page loads (the plan promotion's text) can use it directly without
// bringing the zone rules along (decisions 0965, 1136).

/**
 * What a date shows besides the month: the weekday, day and year unless switched off; the month short ("Nov"),
 * long ("November") or as a number ("11/25/2026", weekday off).
 */
export interface DateFormatOptions {
  weekday?: boolean;
  day?: boolean;
  year?: boolean;
  month?: 'short' | 'long' | 'numeric';
}

function dateFormat(timeZone: string, opts: DateFormatOptions): Intl.DateTimeFormatOptions {
  return {
    timeZone,
    weekday: opts.weekday === false ? undefined : 'short',
    month: opts.month ?? 'short',
    day: opts.day === false ? undefined : 'numeric',
    year: opts.year === false ? undefined : 'numeric',
  };
}

const asInstant = (instant: Date | string) => (typeof instant === 'string' ? new Date(instant) : instant);

/** "Wed, Dec 25, 2030": the day an instant falls on in the zone (the business's, never the viewer's), in en-US. */
export function formatDate(instant: Date | string, timeZone: string, opts: DateFormatOptions = {}): string {
  return new Intl.DateTimeFormat('en-US', dateFormat(timeZone, opts)).format(asInstant(instant));
}

/** "Nov 25, 2026, 3:04 PM": the date (no weekday unless asked) and the time of an instant in the zone. */
export function formatDateTime(
  instant: Date | string,
  timeZone: string,
  opts: DateFormatOptions = {},
): string {
  return `${formatDate(instant, timeZone, { weekday: false, ...opts })}, ${formatTime(instant, timeZone)}`;
}

/**
 * The zone of the viewer's device. Only for a screen that has no business zone at hand yet (decision 1136): the
 * text goes through the one module and stays what it was, and the screen passes the business's zone once it has it.
 */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "10:00 AM": an instant on the zone's clock, in en-US; `zoneName` adds the zone's short name ("10:00 AM CST"). */
export function formatTime(
  instant: Date | string,
  timeZone: string,
  opts: { zoneName?: boolean } = {},
): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: opts.zoneName ? 'short' : undefined,
  }).format(asInstant(instant));
}

/** "Wed, Dec 25, 2030" for a calendar date (YYYY-MM-DD), whatever the viewer's zone. */
export function formatCalendarDate(date: string, opts: DateFormatOptions = {}): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', dateFormat('UTC', opts)).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The zone's calendar date (YYYY-MM-DD) at an instant, by Intl alone: for a screen that needs the date but not the
 * zone rules of ./time.ts (the field app's first load, decision 1175). `utcToZoned` gives the same date.
 */
export function calendarDateInZone(instant: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(asInstant(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
