import { EXACT_LIMIT, solveExact } from './exact';
import { solveHeuristic } from './heuristic';
import { compile, type Instance } from './model';
import { buildRoute } from './route';
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
  const departure = Math.max(inst.shiftStart[v], Math.min(route.pE[n], route.pL[n]));
  const size = inst.size;
  let t = departure;
  let loc = inst.vStart[v];
  let driveTime = 0;
  let cost = 0;
  const stops = jobs.map((j) => {
    const x = inst.jobLoc[j];
    const arrival = t + inst.time[loc * size + x];
    driveTime += inst.time[loc * size + x];
    cost += inst.cost[loc * size + x];
    const start = Math.max(arrival, inst.ready[j]);
    t = start + inst.service[j];
    loc = x;
    return { jobId: inst.jobIds[j], arrival, start, departure: t };
  });
  const end = inst.vEnd[v];
  driveTime += inst.time[loc * size + end];
  cost += inst.cost[loc * size + end];
  return {
    vehicleId: inst.vehicleIds[v],
    departure,
    returnAt: t + inst.time[loc * size + end],
    stops,
    driveTime,
    cost,
  };
}
