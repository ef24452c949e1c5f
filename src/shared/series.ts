import { addDays } from './date-labels';

// Repeat visits (issue 32, docs/decisions/1257): a service the owner made repeatable can be booked every 1, 2 or
// 4 weeks at the same place, weekday and time, with the owner's discount for that frequency.

export const REPEAT_WEEKS = [1, 2, 4] as const;
export type RepeatWeeks = (typeof REPEAT_WEEKS)[number];

export const REPEAT_LABELS: Record<RepeatWeeks, string> = {
  1: 'Every week',
  2: 'Every 2 weeks',
  4: 'Every 4 weeks',
};

/** The owner's discount per frequency, whole percent 0–50 (decision 1257: one value per frequency). */
export interface RepeatDiscounts {
  weeklyPercent: number;
  biweeklyPercent: number;
  fourWeeklyPercent: number;
}

export const MAX_REPEAT_DISCOUNT_PERCENT = 50;

export function repeatDiscountPercent(d: RepeatDiscounts, weeks: RepeatWeeks): number {
  return weeks === 1 ? d.weeklyPercent : weeks === 2 ? d.biweeklyPercent : d.fourWeeklyPercent;
}

/**
 * One visit's price and discount: §9 rounds a price to whole dollars (halves up), so the discounted visit is
 * rounded the same way and the discount is what it takes off. Integer arithmetic only.
 */
export function repeatVisitPrice(priceCents: number, percent: number) {
  const p = Math.max(0, Math.min(MAX_REPEAT_DISCOUNT_PERCENT, Math.trunc(percent)));
  const scaled = priceCents * (100 - p); // cents × 100
  const visitCents = Math.floor((scaled + 5_000) / 10_000) * 100;
  const priceOut = Math.min(priceCents, visitCents);
  return { priceCents, discountCents: priceCents - priceOut, visitCents: priceOut, percent: p };
}

/** The series' occurrence dates from its first date through `through` (inclusive), every `weeks` weeks. */
export function occurrenceDates(anchorDate: string, weeks: number, through: string, from = anchorDate) {
  const dates: string[] = [];
  for (let k = 0; ; k++) {
    const date = addDays(anchorDate, k * 7 * weeks);
    if (date > through) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}

export type VisitStatus = 'booked' | 'skipped' | 'unplaced' | 'cancelled';

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  booked: 'Booked',
  skipped: 'Skipped',
  unplaced: 'Could not be placed',
  cancelled: 'Cancelled',
};

/** The outcome for each due date: a visit placed, or the reason it could not be (never silently left out). */
export type Placement = { ok: true; startsAt: Date } | { ok: false; reason: string };

/**
 * Which occurrence dates still need an outcome: every date from the anchor through the horizon that has none yet.
 * The extender runs this, so a date with a row (booked, skipped, unplaced) is never placed twice.
 */
export function dueDates(
  series: { anchorDate: string; intervalWeeks: number },
  through: string,
  known: ReadonlySet<string>,
  today: string,
) {
  return occurrenceDates(series.anchorDate, series.intervalWeeks, through).filter(
    (d) => d >= today && !known.has(d),
  );
}

export const SERIES_TEXT = {
  once: 'Just once',
  title: 'Repeat visits',
  discountLine: (weeks: RepeatWeeks, percent: number) => `${REPEAT_LABELS[weeks]} (${percent}% off)`,
  chargedAfter: 'Your card is saved now and charged after each completed visit. Cancel any time.',
  notRepeatable: 'This service cannot be booked as repeat visits',
  seriesCancelled: 'This series of visits was cancelled',
  notFound: 'Repeat visits not found',
  visitNotSkippable: 'Only an upcoming booked visit can be skipped',
};
