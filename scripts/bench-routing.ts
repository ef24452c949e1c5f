// The route solver's benchmark (issue 27, decision 1145): npm run bench -- --only=routing
//
//   R1. Solomon VRPTW, distance only: every instance of the folder's best-known.json that has its file there (all 56
//       of bench/vrptw/solomon/ by default; --routing-set=quick for the six C101, C201, R101, R201, RC101, RC201;
//       --vrptw-dir=DIR for another copy), solved at each time limit of --routing-ms (default 2000,1000), every
//       answer checked by solomon-check.ts; the gap to the best known distance per instance, the mean per class
//       (C1, C2, R1, R2, RC1, RC2) and overall. VROOM's published figure: +1.63 % mean over the 56, 359 ms each.
//   R2. A business day: 60 jobs, 6 technicians (two of them with the ceramic-coating skill), 8:00–17:00 shifts,
//       half the jobs in a 2-hour booked window; drive times from distance at 40 km/h; solved in a worker thread
//       as the product will, goal under 1 s.
// Figures only; nothing is asserted. A missing folder stops the part with a clear message.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPlan } from '../src/server/routing/check-plan';
import { Rng } from '../src/server/routing/rng';
import { parseSolomon, solomonProblem } from '../src/server/routing/solomon';
import { checkSolomonAnswer } from '../src/server/routing/solomon-check';
import { solve } from '../src/server/routing/solve';
import { solveInWorker } from '../src/server/routing/solve-in-worker';
import type { RoutingProblem } from '../src/server/routing/types';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const DEFAULT_VRPTW_DIR = resolve(repoRoot, 'bench/vrptw/solomon');
/** One instance of each class with the shortest run: the quick set (the same six as ../shared/bench/vrptw/). */
export const QUICK_SOLOMON = ['C101', 'C201', 'R101', 'R201', 'RC101', 'RC201'];

export interface RoutingBenchOptions {
  vrptwDir?: string;
  timeLimitsMs?: number[];
  seed?: number;
  /** 'quick': only QUICK_SOLOMON; otherwise every instance of the folder. */
  set?: 'all' | 'quick';
}

/** Solomon's class of an instance name: C1, C2, R1, R2, RC1 or RC2 (the letters and the first digit). */
export function solomonClass(name: string): string {
  return name.replace(/^([A-Z]+\d).*$/, '$1');
}

export async function routingFigures(report: (line: string) => void, options: RoutingBenchOptions = {}) {
  const dir = resolve(options.vrptwDir ?? DEFAULT_VRPTW_DIR);
  const bestKnownFile = join(dir, 'best-known.json');
  if (!existsSync(bestKnownFile))
    throw new Error(
      `routing benchmark: ${bestKnownFile} not found — pass --vrptw-dir=DIR (a folder of Solomon instances with best-known.json)`,
    );
  const bestKnown = JSON.parse(readFileSync(bestKnownFile, 'utf8')) as Record<
    string,
    { best_known_distance: number; vehicles_in_that_solution: number }
  >;
  const names = Object.keys(bestKnown).filter(
    (name) =>
      existsSync(join(dir, `${name}.txt`)) && (options.set !== 'quick' || QUICK_SOLOMON.includes(name)),
  );
  if (names.length === 0) throw new Error(`routing benchmark: no instance file in ${dir}`);
  console.log(`\nRoutes: Solomon VRPTW, distance only (${names.length} instances from ${dir})`);
  for (const limit of options.timeLimitsMs ?? [2000, 1000]) {
    let gapSum = 0;
    let msSum = 0;
    let feasible = 0;
    const byClass = new Map<string, { gaps: number[]; ms: number[] }>();
    for (const name of names) {
      const instance = parseSolomon(readFileSync(join(dir, `${name}.txt`), 'utf8'));
      const started = performance.now();
      const plan = solve(solomonProblem(instance), {
        timeLimitMs: limit,
        seed: options.seed ?? 1,
        costBy: 'distance',
      });
      const elapsed = performance.now() - started;
      const checked = checkSolomonAnswer(
        instance,
        plan.routes.map((r) => r.stops.map((s) => Number(s.jobId))),
      );
      const ok = checked.problems.length === 0 && plan.unassigned.length === 0;
      if (ok) feasible++;
      const best = bestKnown[name];
      const gap = (checked.distance / best.best_known_distance - 1) * 100;
      gapSum += gap;
      msSum += elapsed;
      const cls = byClass.get(solomonClass(name)) ?? { gaps: [], ms: [] };
      cls.gaps.push(gap);
      cls.ms.push(elapsed);
      byClass.set(solomonClass(name), cls);
      report(
        `  ${limit} ms  ${name.padEnd(6)} ${checked.distance.toFixed(2).padStart(8)} vs ${best.best_known_distance
          .toFixed(2)
          .padStart(
            8,
          )}  gap ${gap >= 0 ? '+' : ''}${gap.toFixed(2)} %  vehicles ${plan.vehicles} (best known ${best.vehicles_in_that_solution})  ${elapsed.toFixed(0)} ms  ${plan.iterations} rounds  ${ok ? 'feasible' : `INFEASIBLE: ${checked.problems.slice(0, 2).join('; ')}`}`,
      );
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    for (const [cls, { gaps, ms }] of byClass)
      report(
        `  ${limit} ms  class ${cls.padEnd(3)} mean gap ${mean(gaps).toFixed(2)} % over ${gaps.length} instances, ${mean(ms).toFixed(0)} ms each`,
      );
    report(
      `  ${limit} ms  mean gap ${(gapSum / names.length).toFixed(2)} % over ${names.length} instances, ${(msSum / names.length).toFixed(0)} ms each, ${feasible}/${names.length} feasible  (VROOM: +1.63 % over the 56, 359 ms each)`,
    );
  }
  const problem = businessDay(options.seed ?? 1);
  // The server keeps a thread ready (warmRoutingWorker); a plan does not pay for loading the solver.
  await solveInWorker(businessDay((options.seed ?? 1) + 1), { timeLimitMs: 10 });
  const started = performance.now();
  const plan = await solveInWorker(problem, { timeLimitMs: 700, seed: options.seed ?? 1 });
  const elapsed = performance.now() - started;
  const first = solve(problem, { timeLimitMs: 1, seed: options.seed ?? 1 });
  const problems = checkPlan(problem, plan);
  report(
    `  business day (60 jobs, 6 technicians): ${elapsed.toFixed(0)} ms in a ready worker thread (solver ${plan.solveMs.toFixed(0)} ms), drive ${(plan.driveTime / 60).toFixed(0)} min vs ${(first.driveTime / 60).toFixed(0)} min after construction, ${plan.vehicles} technicians, ${plan.unassigned.length} unassigned, ${problems.length === 0 ? 'feasible' : `INFEASIBLE: ${problems[0]}`} (goal < 1000 ms)`,
  );
}

/** A made-up day of a mobile detailing business: customers across a 30 km square around the shop, times in seconds. */
export function businessDay(seed: number): RoutingProblem {
  const rng = new Rng(seed);
  const points: [number, number][] = [[15, 15]];
  for (let k = 0; k < 60; k++) points.push([rng.next() * 30, rng.next() * 30]);
  // 40 km/h on roads 1.3 times the straight line.
  const durations = points.map(([ax, ay]) =>
    points.map(([bx, by]) => Math.round((Math.hypot(ax - bx, ay - by) * 1.3 * 3600) / 40)),
  );
  const hour = 3600;
  return {
    durations,
    jobs: points.slice(1).map((_, k) => {
      const slot = 8 + Math.floor(rng.next() * 7);
      return {
        id: `job-${k + 1}`,
        location: k + 1,
        service: (20 + Math.floor(rng.next() * 5) * 5) * 60,
        window: k % 2 === 0 ? { start: slot * hour, end: (slot + 2) * hour } : undefined,
        skills: k % 10 === 0 ? ['ceramic'] : [],
      };
    }),
    vehicles: Array.from({ length: 6 }, (_, k) => ({
      id: `tech-${k + 1}`,
      start: 0,
      shift: { start: 8 * hour, end: 17 * hour },
      skills: k < 2 ? ['ceramic'] : [],
    })),
  };
}
