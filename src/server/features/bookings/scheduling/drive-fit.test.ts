import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../../providers/geo/geo';
import { greatCircleKm, minutesForRoadKm } from '../../../providers/geo/great-circle';
import { type Candidate, type Commitment, insertionCost, type Shift, type TechnicianDay } from './drive-fit';

// Decision 1248: a slot is offered iff inserting the job into some technician's day is feasible. The reference below
// is a brute force of its own: it inserts the job at every position of the technician's whole day and drives the
// day from start to end; `insertionCost` looks only at the neighbours.

const MIN = 60_000;
const drive = (a: LatLng, b: LatLng) => minutesForRoadKm(greatCircleKm(a, b) * 1.25);

/** Drives the whole sequence: from the start at the shift's start, each stop reached by its start, home by the end. */
function dayWorks(day: TechnicianDay, stops: Commitment[], shift: Shift, buffer: number): boolean {
  let time = shift.from;
  let at = day.start;
  let leaving = false;
  for (const s of stops) {
    const ready = time + (leaving ? buffer * MIN : 0) + (at && s.point ? drive(at, s.point) * MIN : 0);
    if (ready > s.start) return false;
    time = s.end;
    at = s.point ?? at;
    leaving = true;
  }
  return time + (at && day.end ? drive(at, day.end) * MIN : 0) <= shift.to;
}

function referenceFits(day: TechnicianDay, job: Candidate, shift: Shift, buffer: number): boolean {
  if (job.start < shift.from) return false;
  const sorted = [...day.commitments].sort((a, b) => a.start - b.start);
  for (let k = 0; k <= sorted.length; k++) {
    const stops = [...sorted.slice(0, k), job, ...sorted.slice(k)];
    if (dayWorks(day, stops, shift, buffer)) return true;
  }
  return false;
}

// Around Austin: 0.6° is ~65 km, drives from 0 to ~55 minutes.
const point = fc.record({
  lat: fc.integer({ min: 0, max: 60 }).map((x) => 30 + x / 100),
  lng: fc.integer({ min: 0, max: 60 }).map((x) => -98 + x / 100),
});
const maybePoint = fc.option(point, { freq: 4, nil: null });
const DAY0 = Date.UTC(2030, 5, 3, 13, 0); // 08:00 in Austin
const shift: Shift = { from: DAY0, to: DAY0 + 10 * 60 * MIN };

/** A feasible day, built stop by stop: each reachable from the one before with the buffer, then home in time. */
const dayArb = fc
  .record({
    start: maybePoint,
    end: maybePoint,
    stops: fc.array(
      fc.record({
        point: fc.option(point, { freq: 4, nil: null }),
        slack: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 120 })),
        minutes: fc.integer({ min: 2, max: 12 }).map((x) => x * 15),
      }),
      { maxLength: 6 },
    ),
    buffer: fc.constantFrom(0, 10, 15, 30),
  })
  .map(({ start, end, stops, buffer }) => {
    const day: TechnicianDay = { id: 't', start, end, commitments: [] };
    let time = shift.from;
    let at = start;
    let leaving = false;
    for (const s of stops) {
      const ready = time + (leaving ? buffer * MIN : 0) + (at && s.point ? drive(at, s.point) * MIN : 0);
      const begin = Math.ceil(ready / MIN) * MIN + s.slack * MIN;
      const c = { start: begin, end: begin + s.minutes * MIN, point: s.point };
      if (!dayWorks(day, [...day.commitments, c], shift, buffer)) break;
      day.commitments.push(c);
      time = c.end;
      at = c.point ?? at;
      leaving = true;
    }
    return { day, buffer };
  });

const jobArb = fc.record({
  at: fc.integer({ min: -4, max: 44 }).map((q) => DAY0 + q * 15 * MIN),
  minutes: fc.integer({ min: 2, max: 12 }).map((x) => x * 15),
  point,
});

describe('drive-aware insertion (decision 1248)', () => {
  it('fits exactly when the brute force finds a feasible day with the job in it', () => {
    fc.assert(
      fc.property(dayArb, jobArb, ({ day, buffer }, j) => {
        const job = { start: j.at, end: j.at + j.minutes * MIN, point: j.point };
        const fits = insertionCost(day, job, shift, buffer, drive) !== null;
        expect(fits).toBe(referenceFits(day, job, shift, buffer));
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses the slot right after a far job and offers it after a near one', () => {
    const home = { lat: 30.27, lng: -97.74 };
    const far = { lat: 30.6, lng: -97.3 };
    const day: TechnicianDay = {
      id: 't',
      start: home,
      end: home,
      commitments: [{ start: DAY0 + 120 * MIN, end: DAY0 + 180 * MIN, point: home }],
    };
    const right = (p: LatLng) => ({ start: DAY0 + 180 * MIN, end: DAY0 + 240 * MIN, point: p });
    expect(insertionCost(day, right(home), shift, 0, drive)).toBe(0);
    expect(insertionCost(day, right(far), shift, 0, drive)).toBeNull();
    // The buffer is kept after a job even with no drive.
    expect(insertionCost(day, right(home), shift, 15, drive)).toBeNull();
    // Another calendar's busy time blocks its span but moves nobody.
    const busy = { ...day, commitments: [{ start: DAY0, end: DAY0 + 60 * MIN, point: null }] };
    expect(
      insertionCost(busy, { start: DAY0 + 60 * MIN, end: DAY0 + 90 * MIN, point: home }, shift, 0, drive),
    ).toBe(0);
    expect(
      insertionCost(busy, { start: DAY0 + 30 * MIN, end: DAY0 + 90 * MIN, point: home }, shift, 0, drive),
    ).toBeNull();
  });
});
