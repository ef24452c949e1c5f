import { EXACT_LIMIT, solveExact } from './exact';
import { solveHeuristic } from './heuristic';
import { compile, type Instance } from './model';
import { buildRoute, placeBreak } from './route';
import {
  type PlannedRoute,
  type RoutingProblem,
  type RoutingSolution,
  type SolveOptions,
  solveOptionsSchema,
} from './types';

export interface SolveInternals {
  /** Stop after this many ruin-and-recreate rounds (repeatable runs in tests, whatever the machine's speed). */
  maxIterations?: number;
}

/** Plans the routes (decision 1145). Synchronous and CPU-bound: the product calls it through solveInWorker. */
export function solve(
  problem: RoutingProblem,
  options: SolveOptions = {},
  internals: SolveInternals = {},
): RoutingSolution {
  const started = performance.now();
  const opts = solveOptionsSchema.parse(options);
  const inst = compile(problem, opts.costBy);
  let allowedToOnly = 0;
  for (let j = 0; j < inst.n; j++) allowedToOnly += inst.allowed[j];
  if (inst.m === 1 && allowedToOnly <= EXACT_LIMIT) {
    const { route, unassigned } = solveExact(inst, 0);
    return answer(inst, [route], unassigned, true, 0, started);
  }
  const result = solveHeuristic(inst, {
    timeLimitMs: opts.timeLimitMs,
    seed: opts.seed,
    maxIterations: internals.maxIterations,
    balanceTolerance: opts.balanceTolerance,
    // The limit is the caller's: the problem's compilation counts against it (the Solomon goal is ≤ 2 s in all).
    startedAt: started,
  });
  return answer(inst, result.routes, result.unassigned, false, result.iterations, started);
}

function answer(
  inst: Instance,
  routes: number[][],
  unassigned: number[],
  exact: boolean,
  iterations: number,
  started: number,
): RoutingSolution {
  const planned: PlannedRoute[] = [];
  routes.forEach((jobs, v) => {
    if (jobs.length === 0) return;
    planned.push(schedule(inst, v, jobs));
  });
  return {
    routes: planned,
    unassigned: unassigned.map((j) => inst.jobIds[j]),
    cost: planned.reduce((sum, r) => sum + r.cost, 0),
    driveTime: planned.reduce((sum, r) => sum + r.driveTime, 0),
    vehicles: planned.length,
    exact,
    iterations,
    solveMs: performance.now() - started,
  };
}

/** Times of a route: it leaves at the earliest moment that keeps its duration least (no avoidable waiting). */
function schedule(inst: Instance, v: number, jobs: number[]): PlannedRoute {
  const route = buildRoute(inst, v, jobs);
  if (!route) throw new Error('the solver produced an infeasible route');
  const n = jobs.length;
  // Prefix n summarises the whole route from its start: E is the earliest departure achieving the least duration.
  let departure = Math.max(inst.shiftStart[v], Math.min(route.pE[n], route.pL[n]));
  // A break may not fit after that departure (it was checked leaving at the shift's start).
  let brk = inst.hasBreak[v] && n > 0 ? placeBreak(inst, v, jobs, departure) : null;
  if (inst.hasBreak[v] && n > 0 && !brk) {
    departure = inst.shiftStart[v];
    brk = placeBreak(inst, v, jobs, departure);
    if (!brk) throw new Error('the solver produced a route without room for its break');
  }
  const size = inst.size;
  const duration = inst.breakDuration[v];
  let t = departure;
  let loc = inst.vStart[v];
  let driveTime = 0;
  let cost = 0;
  /** When the leg of gap k ends: the drive may be split around the break (decision 1245). */
  const legEnd = (k: number, leg: number) => {
    if (!brk || brk.after !== k) return { arrival: t + leg, ready: t + leg };
    return {
      arrival: t + leg <= brk.start ? t + leg : t + leg + duration,
      ready: Math.max(t + leg, brk.start) + duration,
    };
  };
  const stops = jobs.map((j, k) => {
    const x = inst.jobLoc[j];
    const leg = inst.time[loc * size + x];
    const { arrival, ready } = legEnd(k, leg);
    driveTime += leg;
    cost += inst.cost[loc * size + x];
    const start = Math.max(ready, inst.ready[j]);
    t = start + inst.service[j];
    loc = x;
    return { jobId: inst.jobIds[j], arrival, start, departure: t };
  });
  const end = inst.vEnd[v];
  const home = inst.time[loc * size + end];
  driveTime += home;
  cost += inst.cost[loc * size + end];
  const planned: PlannedRoute = {
    vehicleId: inst.vehicleIds[v],
    departure,
    returnAt: legEnd(n, home).ready,
    stops,
    driveTime,
    cost,
  };
  if (brk) planned.break = { after: brk.after, start: brk.start, end: brk.start + duration };
  return planned;
}
