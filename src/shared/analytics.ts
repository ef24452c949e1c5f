import { z } from 'zod';
import { parseCalendarDate } from './time';

// The platform analytics' period (admin /admin/analytics): whole UTC days, `to` included.

export const ANALYTICS_MAX_DAYS = 731;

export const ANALYTICS_TEXT = {
  badDate: 'Please choose a valid date',
  order: 'The start of the period must be on or before its end',
  tooLong: 'Please choose a period of at most two years',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The default period: the last 12 weeks, Monday to today (UTC). */
export function defaultAnalyticsPeriod(now = new Date()) {
  const today = parseCalendarDate(isoDay(now));
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS - 11 * 7 * DAY_MS);
  return { from: isoDay(monday), to: isoDay(today) };
}

export const analyticsQuerySchema = z.object({
  from: z.iso.date(ANALYTICS_TEXT.badDate).optional(),
  to: z.iso.date(ANALYTICS_TEXT.badDate).optional(),
});

export interface AnalyticsPeriod {
  from: string;
  to: string;
}

/** The period asked for (a missing end defaults to the last 12 weeks), or the message saying what is wrong. */
export function resolveAnalyticsPeriod(
  q: { from?: string; to?: string },
  now = new Date(),
): AnalyticsPeriod | { error: string } {
  const d = defaultAnalyticsPeriod(now);
  const from = q.from ?? (q.to && q.to < d.from ? q.to : d.from);
  const to = q.to ?? (q.from && q.from > d.to ? q.from : d.to);
  if (from > to) return { error: ANALYTICS_TEXT.order };
  if ((parseCalendarDate(to).getTime() - parseCalendarDate(from).getTime()) / DAY_MS + 1 > ANALYTICS_MAX_DAYS)
    return { error: ANALYTICS_TEXT.tooLong };
  return { from, to };
}

/** The instants of a period: [from 00:00 UTC, the day after `to` 00:00 UTC). */
export const periodBounds = (p: AnalyticsPeriod) => ({
  fromAt: parseCalendarDate(p.from),
  toAt: new Date(parseCalendarDate(p.to).getTime() + DAY_MS),
});
