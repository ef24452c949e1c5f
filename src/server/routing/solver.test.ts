import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from './check-plan';
import { solve } from './solve';
import type { RoutingJob, RoutingProblem, RoutingVehicle } from './types';

// Property tests on small random days (decision 1145). The plans are checked by checkPlan, which shares no code with
// the solver, and the exact solver is compared with a brute force written here.

interface Day {
  points: [number, number][];
  jobs: { at: number; service: number; open: number; width: number; demand: number; skill: boolean }[];
  vehicles: { shiftEnd: number; capacity: number; skilled: boolean; lunch: LunchDraw | null }[];
}

/** A lunch break: its earliest start, how much later it may start, and how long it lasts. */
interface LunchDraw {
  open: number;
  width: number;
  duration: number;
}
const lunch = fc.option(
  fc.record({
    open: fc.integer({ min: 0, max: 200 }),
    width: fc.integer({ min: 0, max: 90 }),
    duration: fc.integer({ min: 0, max: 45 }),
  }),
  { nil: null },
);

/** `tight`: short drives and narrow windows, where the cheapest partial route is often not the one that can go on. */
const day = (maxJobs: number, maxVehicles: number, tight = false) =>
  fc
    .record({
      jobs: fc.array(
        fc.record({
          at: fc.nat(),
          service: fc.integer({ min: 0, max: tight ? 15 : 30 }),
          open: fc.integer({ min: 0, max: tight ? 120 : 200 }),
          width: fc.integer({ min: 0, max: tight ? 40 : 150 }),
          demand: fc.integer({ min: 0, max: 4 }),
          skill: fc.boolean(),
        }),
        { minLength: 1, maxLength: maxJobs },
      ),
      vehicles: fc.array(
        fc.record({
          shiftEnd: fc.integer({ min: 150, max: 400 }),
          capacity: fc.integer({ min: 3, max: 12 }),
          skilled: fc.boolean(),
          lunch,
        }),
        { minLength: 1, maxLength: maxVehicles },
      ),
      points: fc.array(
        fc.tuple(fc.integer({ min: 0, max: tight ? 25 : 60 }), fc.integer({ min: 0, max: tight ? 25 : 60 })),
        {
          minLength: 2,
          maxLength: 12,
        },
      ),
    })
    .map((d): Day => d);

/** Rounded Euclidean drive times: the triangle inequality may fail by a minute, as with real road times. */
function toProblem(d: Day, withSkills: boolean, withLunch = false): RoutingProblem {
  const durations = d.points.map(([ax, ay]) =>
    d.points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by))),
  );
  const jobs: RoutingJob[] = d.jobs.map((j, k) => ({
    id: `j${k}`,
    location: 1 + (j.at % (d.points.length - 1)),
    service: j.service,
    window: { start: j.open, end: j.open + j.width },
    demand: j.demand,
    skills: withSkills && j.skill ? ['ceramic'] : [],
  }));
  const vehicles: RoutingVehicle[] = d.vehicles.map((v, k) => ({
    id: `t${k}`,
    start: 0,
    shift: { start: 0, end: v.shiftEnd },
    capacity: v.capacity,
    skills: withSkills && v.skilled ? ['ceramic'] : [],
    break:
      withLunch && v.lunch
        ? { window: { start: v.lunch.open, end: v.lunch.open + v.lunch.width }, duration: v.lunch.duration }
        : undefined,
  }));
  return { durations, jobs, vehicles };
}

/**
 * Most jobs served, then least drive, over every order of every subset (depth first, cut where a prefix is late).
 * A lunch break is tried in every gap: it starts once the technician is free and its window is open, and the drive
 * of that gap can be split around it.
 */
function bruteForce(p: RoutingProblem): { served: number; cost: number } {
  const v = p.vehicles[0];
  const end = v.end ?? v.start;
  const rest = v.break;
  let best = { served: 0, cost: 0 };
  /** When the technician can be at work after leaving at `clock` on a leg, resting in this gap or not; NaN if not. */
  const after = (clock: number, leg: number, resting: boolean) => {
    if (!resting || !rest) return clock + leg;
    const lunchStart = Math.max(clock, rest.window.start);
    if (lunchStart > rest.window.end) return Number.NaN;
    return Math.max(clock + leg + rest.duration, lunchStart + rest.duration);
  };
  const visit = (
    used: boolean[],
    at: number,
    clock: number,
    cost: number,
    served: number,
    load: number,
    rested: boolean,
  ) => {
    for (const resting of rested ? [false] : [false, true]) {
      const home = after(clock, p.durations[at][end], resting);
      // A day with jobs must hold its break.
      if (served > 0 && (rested || resting) && home <= v.shift.end) {
        const total = cost + p.durations[at][end];
        if (served > best.served || (served === best.served && total < best.cost))
          best = { served, cost: total };
      }
    }
    p.jobs.forEach((job, k) => {
      if (used[k] || load + (job.demand ?? 0) > (v.capacity ?? Number.POSITIVE_INFINITY)) return;
      for (const resting of rested ? [false] : [false, true]) {
        const arrival = after(clock, p.durations[at][job.location], resting);
        if (Number.isNaN(arrival) || (job.window && arrival > job.window.end)) continue;
        used[k] = true;
        const start = Math.max(arrival, job.window?.start ?? arrival);
        visit(
          used,
          job.location,
          start + (job.service ?? 0),
          cost + p.durations[at][job.location],
          served + 1,
          load + (job.demand ?? 0),
          rested || resting,
        );
        used[k] = false;
      }
    });
  };
  visit(
    p.jobs.map(() => false),
    v.start,
    v.shift.start,
    0,
    0,
    0,
    !rest,
  );
  // An empty day costs nothing, even when the shift could not take the technician home.
  return best;
}

describe('the solver on small random days', () => {
  it('solves one technician’s day of up to 8 stops exactly (as a brute force does)', () => {
    fc.assert(
      fc.property(fc.oneof(day(8, 1), day(8, 1, true)), (d) => {
        const problem = toProblem(d, false);
        const plan = solve(problem);
        expect(plan.exact).toBe(true);
        expect(checkPlan(problem, plan)).toEqual([]);
        const served = plan.routes.reduce((n, r) => n + r.stops.length, 0);
        const expected = bruteForce(problem);
        expect(served).toBe(expected.served);
        expect(plan.cost).toBeCloseTo(expected.cost, 6);
      }),
      { numRuns: 400 },
    );
  });

  // Issue 27's goal names days of up to 9 stops: fewer runs, each brute force is up to 9! orders.
  it('solves one technician’s day of up to 9 stops exactly (as a brute force does)', () => {
    fc.assert(
      fc.property(fc.oneof(day(9, 1), day(9, 1, true)), (d) => {
        const problem = toProblem(d, false);
        const plan = solve(problem);
        expect(plan.exact).toBe(true);
        expect(checkPlan(problem, plan)).toEqual([]);
        const expected = bruteForce(problem);
        expect(plan.routes.reduce((n, r) => n + r.stops.length, 0)).toBe(expected.served);
        expect(plan.cost).toBeCloseTo(expected.cost, 6);
      }),
      { numRuns: 100 },
    );
  });

  it('solves one technician’s day with a lunch break exactly (as a brute force does)', () => {
    fc.assert(
      fc.property(fc.oneof(day(7, 1), day(7, 1, true)), (d) => {
        const problem = toProblem(d, false, true);
        const plan = solve(problem);
        expect(plan.exact).toBe(true);
        expect(checkPlan(problem, plan)).toEqual([]);
        const served = plan.routes.reduce((n, r) => n + r.stops.length, 0);
        const expected = bruteForce(problem);
        expect(served).toBe(expected.served);
        expect(plan.cost).toBeCloseTo(expected.cost, 6);
      }),
      { numRuns: 300 },
    );
  });

  it('gives every technician with a lunch break and jobs the break, in its window, for its length', () => {
    fc.assert(
      fc.property(day(16, 4), fc.integer(), (d, seed) => {
        const problem = toProblem(d, true, true);
        const plan = solve(problem, { seed, timeLimitMs: 60_000 }, { maxIterations: 40 });
        expect(checkPlan(problem, plan)).toEqual([]);
        for (const route of plan.routes) {
          const rest = problem.vehicles.find((v) => v.id === route.vehicleId)!.break;
          if (!rest) continue;
          expect(route.break).toBeDefined();
          expect(route.break!.start).toBeGreaterThanOrEqual(rest.window.start);
          expect(route.break!.start).toBeLessThanOrEqual(rest.window.end);
          expect(route.break!.end - route.break!.start).toBe(rest.duration);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('gives a job that needs a skill only to a technician who has it', () => {
    fc.assert(
      fc.property(day(14, 4), fc.integer(), (d, seed) => {
        const problem = toProblem(d, true, true);
        const plan = solve(problem, { seed, timeLimitMs: 60_000 }, { maxIterations: 30 });
        expect(checkPlan(problem, plan)).toEqual([]);
        for (const route of plan.routes) {
          const vehicle = problem.vehicles.find((v) => v.id === route.vehicleId)!;
          for (const stop of route.stops) {
            const job = problem.jobs.find((j) => j.id === stop.jobId)!;
            for (const skill of job.skills ?? []) expect(vehicle.skills).toContain(skill);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('never breaks a window, a shift, the capacity or a skill, and never loses or repeats a job', () => {
    fc.assert(
      fc.property(day(16, 4), fc.integer(), (d, seed) => {
        const problem = toProblem(d, true);
        const plan = solve(problem, { seed, timeLimitMs: 60_000 }, { maxIterations: 40 });
        expect(checkPlan(problem, plan)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps locked jobs with their technician and at their time', () => {
    fc.assert(
      fc.property(day(12, 3), fc.nat(), fc.boolean(), (d, pick, withLunch) => {
        const problem = toProblem(d, false, withLunch);
        // Lock one job to the last technician, and another (if any) to the start of its window.
        const lockedVehicle = problem.vehicles[problem.vehicles.length - 1].id;
        const byVehicle = problem.jobs[pick % problem.jobs.length];
        byVehicle.lock = { vehicleId: lockedVehicle };
        const byTime = problem.jobs[(pick + 1) % problem.jobs.length];
        if (byTime !== byVehicle && byTime.window) byTime.lock = { start: byTime.window.start };
        const plan = solve(problem, { timeLimitMs: 60_000 }, { maxIterations: 30 });
        expect(checkPlan(problem, plan)).toEqual([]);
        const route = plan.routes.find((r) => r.stops.some((s) => s.jobId === byVehicle.id));
        if (route) expect(route.vehicleId).toBe(lockedVehicle);
        const timed = plan.routes.flatMap((r) => r.stops).find((s) => s.jobId === byTime.id);
        if (timed && byTime.lock?.start !== undefined) expect(timed.start).toBe(byTime.lock.start);
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same plan for the same seed', () => {
    fc.assert(
      fc.property(day(20, 4), fc.integer(), (d, seed) => {
        const problem = toProblem(d, true);
        const a = solve(problem, { seed, timeLimitMs: 60_000 }, { maxIterations: 60 });
        const b = solve(problem, { seed, timeLimitMs: 60_000 }, { maxIterations: 60 });
        expect({ ...a, solveMs: 0 }).toEqual({ ...b, solveMs: 0 });
      }),
      { numRuns: 20 },
    );
  });

  it('takes a job into a one-technician day only when it fits (a window already closed stays unassigned)', () => {
    const problem: RoutingProblem = {
      durations: [
        [0, 10, 10],
        [10, 0, 5],
        [10, 5, 0],
      ],
      jobs: [
        { id: 'open', location: 1, service: 30, window: { start: 20, end: 40 } },
        { id: 'closed', location: 2, service: 30, window: { start: 0, end: 5 } },
      ],
      vehicles: [{ id: 't', start: 0, shift: { start: 0, end: 480 } }],
    };
    const plan = solve(problem);
    expect(plan.unassigned).toEqual(['closed']);
    expect(plan.routes[0].stops).toEqual([{ jobId: 'open', arrival: 20, start: 20, departure: 50 }]);
    expect(plan.routes[0].departure).toBe(10);
    expect(plan.cost).toBe(20);
  });

  it('rejects a problem whose locations fall outside the matrix', () => {
    expect(() =>
      solve({
        durations: [[0]],
        jobs: [{ id: 'a', location: 3 }],
        vehicles: [{ id: 't', start: 0, shift: { start: 0, end: 10 } }],
      }),
    ).toThrow(/outside the travel matrix/);
  });
});
