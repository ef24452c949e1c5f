import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingRules } from './scheduling';
import { dueDates, occurrenceDates, type Placement, repeatVisitPrice } from './series';
import { type BusyInterval, checkSlot, fitsCapacity } from './slots';
import { addDays, utcToZoned } from './time';

// Repeat visits (issue 32) as properties: across DST changes and holidays in three time zones, a series never books
// outside the business's hours, never double-books a crew, and never skips a week silently (every occurrence has an
// outcome, booked or flagged with its reason); charges = completed visits × (price − discount), each exactly once.

const ZONES = ['America/New_York', 'America/Phoenix', 'Australia/Sydney'] as const;
// Anchors around the 2026/2027 DST changes of New York (Mar 8, Nov 1) and Sydney (Apr 5, Oct 4); Phoenix has none.
const ANCHORS = ['2026-02-20', '2026-03-01', '2026-03-25', '2026-09-20', '2026-10-20', '2026-12-28'];
const NOW = new Date('2026-02-01T00:00:00Z');

const rulesArb = fc.record({
  open: fc.constantFrom('00:00', '01:00', '07:00', '08:00'),
  close: fc.constantFrom('12:00', '18:00', '22:00'),
  closedDay: fc.integer({ min: 0, max: 6 }),
  capacity: fc.integer({ min: 1, max: 2 }),
  holidayOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 6 }),
});

type RulesDraw = typeof rulesArb extends fc.Arbitrary<infer T> ? T : never;

function rulesOf(r: RulesDraw, anchor: string): BookingRules {
  return {
    weeklyHours: Array.from({ length: 7 }, (_, d) =>
      d === r.closedDay ? null : { open: r.open, close: r.close },
    ),
    closedDates: r.holidayOffsets.map((o) => addDays(anchor, o)),
    slotMinutes: 60,
    capacity: r.capacity,
    minNoticeMinutes: 0,
    horizonDays: 400,
    bufferMinutes: 0,
  };
}

interface Series {
  anchorDate: string;
  intervalWeeks: number;
  localTime: string;
  durationMinutes: number;
}

/** The extender's loop with the slot function: each due date placed (and held) or flagged, once. */
function extend(
  series: Series,
  through: string,
  known: Map<string, Placement>,
  zone: string,
  rules: BookingRules,
  busy: BusyInterval[],
) {
  for (const date of dueDates(series, through, new Set(known.keys()), series.anchorDate)) {
    const check = checkSlot({
      date,
      time: series.localTime,
      timeZone: zone,
      durationMinutes: series.durationMinutes,
      busy,
      rules,
      now: NOW,
    });
    const placement: Placement = check.ok
      ? { ok: true, startsAt: check.startsAt }
      : { ok: false, reason: check.message };
    if (placement.ok) busy.push({ start: placement.startsAt, durationMinutes: series.durationMinutes });
    known.set(date, placement);
  }
}

describe('a series of repeat visits', () => {
  it('never books outside hours, never double-books and never skips a week silently (DST, holidays, 3 zones)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ANCHORS),
        rulesArb,
        fc.array(
          fc.record({
            weeks: fc.constantFrom(1, 2, 4),
            time: fc.constantFrom('00:00', '01:00', '02:00', '03:00', '09:00', '10:00', '17:00', '21:00'),
            duration: fc.constantFrom(60, 120, 180),
            startWeek: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.integer({ min: 20, max: 120 }),
        (zone, anchor, r, seriesArb, horizon) => {
          const rules = rulesOf(r, anchor);
          const busy: BusyInterval[] = [];
          const all = seriesArb.map((s) => ({
            series: {
              anchorDate: addDays(anchor, s.startWeek),
              intervalWeeks: s.weeks,
              localTime: s.time,
              durationMinutes: s.duration,
            },
            known: new Map<string, Placement>(),
          }));
          // The horizon rolls in two steps, and the second step runs twice (a replayed job).
          for (const through of [
            addDays(anchor, horizon),
            addDays(anchor, horizon * 2),
            addDays(anchor, horizon * 2),
          ])
            for (const a of all) extend(a.series, through, a.known, zone, rules, busy);
          const through = addDays(anchor, horizon * 2);
          const placed: BusyInterval[] = [];
          for (const { series, known } of all) {
            // Every week of the series has exactly one outcome: nothing left out silently.
            expect([...known.keys()].sort()).toEqual(
              occurrenceDates(series.anchorDate, series.intervalWeeks, through),
            );
            for (const [date, p] of known) {
              if (!p.ok) {
                expect(p.reason.length).toBeGreaterThan(0);
                continue;
              }
              // Same weekday and local wall-clock time, inside the day's hours, not on a holiday.
              const wall = utcToZoned(p.startsAt, zone);
              expect(wall).toEqual({ date, time: series.localTime });
              const hours = rules.weeklyHours[new Date(`${date}T12:00:00Z`).getUTCDay()];
              expect(hours).not.toBeNull();
              expect(series.localTime >= hours!.open && series.localTime < hours!.close).toBe(true);
              expect(rules.closedDates).not.toContain(date);
              const interval = { start: p.startsAt, durationMinutes: series.durationMinutes };
              // No crew is double-booked: each visit fitted beside all the others placed before it.
              expect(fitsCapacity(interval, placed, rules.capacity)).toBe(true);
              placed.push(interval);
            }
          }
          expect(placed).toHaveLength(busy.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('charges completed visits × (price − discount), each exactly once under replays', () => {
    fc.assert(
      fc.property(
        // §9 prices are whole dollars.
        fc.integer({ min: 0, max: 2_000 }).map((d) => d * 100),
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 60 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 12 }),
        (priceCents, percent, completions, completed) => {
          const visit = repeatVisitPrice(priceCents, percent);
          // §9: whole dollars, never more than the price, the discount what it takes off.
          expect(visit.visitCents % 100).toBe(0);
          expect(visit.visitCents + visit.discountCents).toBe(priceCents);
          expect(visit.discountCents).toBeGreaterThanOrEqual(0);
          // Completions (replays included) arrive in any order; a charge is claimed once per visit.
          const claimed = new Map<number, number>();
          const done = new Set(completed);
          for (const v of [...completions, ...completed, ...completed])
            if (done.has(v) && !claimed.has(v)) claimed.set(v, visit.visitCents);
          const total = [...claimed.values()].reduce((a, b) => a + b, 0);
          expect(total).toBe(done.size * (priceCents - visit.discountCents));
        },
      ),
      { numRuns: 300 },
    );
  });
});
