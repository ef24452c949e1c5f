import { z } from 'zod';
import { ANALYTICS_MAX_DAYS, ANALYTICS_TEXT } from './analytics';
import { dollarsToCents } from './money';
import { addDays, parseCalendarDate } from './time';

// The owner's /analytics period (docs/decisions/1191): calendar days in the business's time zone, `to` included,
// compared with the period of the same length just before it.

const DAY_MS = 24 * 60 * 60 * 1000;

export const OWNER_ANALYTICS_PRESETS = [
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '90d', label: 'Last 90 days', days: 90 },
  { id: '12m', label: 'Last 12 months', days: 365 },
] as const;
export type OwnerAnalyticsPreset = (typeof OWNER_ANALYTICS_PRESETS)[number]['id'];
export const DEFAULT_OWNER_PRESET: OwnerAnalyticsPreset = '30d';

export const ownerAnalyticsQuerySchema = z.object({
  from: z.iso.date(ANALYTICS_TEXT.badDate).optional(),
  to: z.iso.date(ANALYTICS_TEXT.badDate).optional(),
  // One of the business's locations (decision 1311); another business's, or no such location, is 404.
  locationId: z.string().trim().min(1).max(100).optional(),
});

/** The period and, for a business with several locations, the one location the figures are narrowed to. */
export interface OwnerFilter extends OwnerPeriod {
  locationId?: string;
}

/** The CSV exports of /analytics: the basic ones on every plan, the rest with advanced analytics (§9). */
export const BASIC_REPORTS = ['revenue', 'customers'] as const;
export const ADVANCED_REPORTS = [
  'services',
  'technicians',
  'cohorts',
  'quotes',
  'cancellations',
  'promo-codes',
  'ratings',
  'invoice-aging',
  'add-ons',
  'memberships',
] as const;
export const OWNER_REPORTS = [...BASIC_REPORTS, ...ADVANCED_REPORTS] as const;
export type OwnerReport = (typeof OWNER_REPORTS)[number];
export const isAdvancedReport = (r: OwnerReport) => (ADVANCED_REPORTS as readonly string[]).includes(r);

export interface OwnerPeriod {
  from: string;
  to: string;
}

const daysIn = (p: OwnerPeriod) =>
  Math.round((parseCalendarDate(p.to).getTime() - parseCalendarDate(p.from).getTime()) / DAY_MS) + 1;

/** The last `days` days up to `today` (the business's today). */
export function presetPeriod(days: number, today: string): OwnerPeriod {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The period asked for (missing ends default to the last 30 days up to today), or what is wrong with it. */
export function resolveOwnerPeriod(
  q: { from?: string; to?: string },
  today: string,
): OwnerPeriod | { error: string } {
  const d = presetPeriod(30, today);
  const to = q.to ?? (q.from && q.from > d.to ? q.from : d.to);
  const from = q.from ?? addDays(to, -29);
  if (from > to) return { error: ANALYTICS_TEXT.order };
  if (daysIn({ from, to }) > ANALYTICS_MAX_DAYS) return { error: ANALYTICS_TEXT.tooLong };
  return { from, to };
}

/** The period of the same number of days that ends the day before `p` starts. */
export function previousPeriod(p: OwnerPeriod): OwnerPeriod {
  const n = daysIn(p);
  return { from: addDays(p.from, -n), to: addDays(p.from, -1) };
}

/** Change from the previous figure, as a fraction (null when there was nothing before). */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / Math.abs(previous);
}

/** The highest labour cost an owner may enter: $1,000 an hour (a typo guard, not a policy). */
export const MAX_HOURLY_COST_CENTS = 100_000;

export const LABOUR_TEXT = {
  badAmount: 'Please enter an amount in dollars, like 25 or 27.50',
  tooHigh: 'Please enter at most $1,000 an hour',
  saved: 'Labour cost saved',
} as const;

/** The form's field: dollars as typed. */
export const labourRateFormSchema = z.object({
  hourlyCost: z
    .string()
    .trim()
    .refine((v) => dollarsToCents(v) !== null, LABOUR_TEXT.badAmount)
    .refine((v) => (dollarsToCents(v) ?? 0) <= MAX_HOURLY_COST_CENTS, LABOUR_TEXT.tooHigh),
});
export type LabourRateForm = z.infer<typeof labourRateFormSchema>;

/** The API's body: integer cents. */
export const labourRateBodySchema = z.object({
  hourlyCostCents: z
    .number({ error: LABOUR_TEXT.badAmount })
    .int(LABOUR_TEXT.badAmount)
    .min(0, LABOUR_TEXT.badAmount)
    .max(MAX_HOURLY_COST_CENTS, LABOUR_TEXT.tooHigh),
});
