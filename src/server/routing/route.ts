import { EPS as EPSILON, type Instance } from './model';

const EPS = EPSILON;

// Time-window segments after Vidal et al. (2013), "A hybrid genetic algorithm with adaptive diversity management for
// a large class of vehicle routing problems with time-windows": a sequence of visits is summed up by its least
// duration D (travel, service and unavoidable waiting), the earliest E and latest L start of its first visit that
// achieve D without lateness, its cost and its load. Two summaries concatenate in O(1), so a route keeps the
// summaries of its prefixes and suffixes and any insertion, removal, swap or tail exchange is checked in O(1).
// Every route kept in a solution is feasible, so stored summaries carry no lateness ("time warp").

/**
 * Result of the last successful merge: D, E, L (one shared array, so that the inner loops allocate nothing and read
 * no live module bindings).
 */
export const merged = new Float64Array(3);

/** Concatenates (D1, E1, L1) ending at location a with (D2, E2, L2) starting at b; false when it would be late. */
export function merge(
  inst: Instance,
  D1: number,
  E1: number,
  L1: number,
  a: number,
  D2: number,
  E2: number,
  L2: number,
  b: number,
): boolean {
  const delta = D1 + inst.time[a * inst.size + b];
  if (E1 + delta - L2 > EPS) return false;
  const wait = E2 - delta - L1;
  const w = Math.max(wait, 0);
  merged[0] = delta + D2 + w;
  merged[1] = Math.max(E2 - delta, E1) - w;
  merged[2] = Math.min(L2 - delta, L1);
  return true;
}

/** A feasible route of one vehicle with its prefix and suffix summaries. Immutable once built: solutions share it. */
export interface Route {
  v: number;
  jobs: number[];
  /** Prefix k: the start depot and jobs[0..k-1]. */
  pD: number[];
  pE: number[];
  pL: number[];
  pC: number[];
  pQ: number[];
  /** Suffix k: jobs[k..] and the end depot (its cost includes the last leg). */
  sD: number[];
  sE: number[];
  sL: number[];
  sC: number[];
  sQ: number[];
  /** Zero for an unused vehicle. */
  cost: number;
  load: number;
}

/** Plain arrays: a small typed array costs an off-heap buffer, too dear for routes rebuilt at every move. */
function zeros(length: number): number[] {
  const a = new Array<number>(length);
  for (let k = 0; k < length; k++) a[k] = 0;
  return a;
}

/** Builds a route's summaries; null when the sequence breaks a window, the shift or the capacity. */
export function buildRoute(inst: Instance, v: number, jobs: number[]): Route | null {
  const n = jobs.length;
  const size = inst.size;
  const r: Route = {
    v,
    jobs,
    pD: zeros(n + 1),
    pE: zeros(n + 1),
    pL: zeros(n + 1),
    pC: zeros(n + 1),
    pQ: zeros(n + 1),
    sD: zeros(n + 1),
    sE: zeros(n + 1),
    sL: zeros(n + 1),
    sC: zeros(n + 1),
    sQ: zeros(n + 1),
    cost: 0,
    load: 0,
  };
  r.pE[0] = inst.shiftStart[v];
  r.pL[0] = inst.shiftEnd[v];
  let loc = inst.vStart[v];
  for (let k = 0; k < n; k++) {
    const j = jobs[k];
    const x = inst.jobLoc[j];
    if (!merge(inst, r.pD[k], r.pE[k], r.pL[k], loc, inst.service[j], inst.ready[j], inst.due[j], x))
      return null;
    r.pD[k + 1] = merged[0];
    r.pE[k + 1] = merged[1];
    r.pL[k + 1] = merged[2];
    r.pC[k + 1] = r.pC[k] + inst.cost[loc * size + x];
    r.pQ[k + 1] = r.pQ[k] + inst.demand[j];
    loc = x;
  }
  const end = inst.vEnd[v];
  if (!merge(inst, r.pD[n], r.pE[n], r.pL[n], loc, 0, inst.shiftStart[v], inst.shiftEnd[v], end)) return null;
  if (r.pQ[n] > inst.capacity[v] + EPS) return null;
  // The summaries know nothing of a break: they are a necessary condition, the break's forward pass decides.
  if (inst.hasBreak[v] && n > 0 && !placeBreak(inst, v, jobs, inst.shiftStart[v])) return null;
  r.sE[n] = inst.shiftStart[v];
  r.sL[n] = inst.shiftEnd[v];
  loc = end;
  for (let k = n - 1; k >= 0; k--) {
    const j = jobs[k];
    const x = inst.jobLoc[j];
    if (
      !merge(inst, inst.service[j], inst.ready[j], inst.due[j], x, r.sD[k + 1], r.sE[k + 1], r.sL[k + 1], loc)
    )
      return null;
    r.sD[k] = merged[0];
    r.sE[k] = merged[1];
    r.sL[k] = merged[2];
    r.sC[k] = r.sC[k + 1] + inst.cost[x * size + loc];
    r.sQ[k] = r.sQ[k + 1] + inst.demand[j];
    loc = x;
  }
  r.cost = n === 0 ? 0 : r.pC[n] + inst.cost[inst.jobLoc[jobs[n - 1]] * size + end];
  r.load = r.pQ[n];
  return r;
}

/** Location after prefix k of route r (the start depot for k = 0). */
export function prefixLast(inst: Instance, r: Route, k: number): number {
  return k === 0 ? inst.vStart[r.v] : inst.jobLoc[r.jobs[k - 1]];
}

/** Location that suffix k of route r starts at (the end depot for k = n). */
export function suffixFirst(inst: Instance, r: Route, k: number): number {
  return k === r.jobs.length ? inst.vEnd[r.v] : inst.jobLoc[r.jobs[k]];
}

/**
 * Cost of a whole sequence for vehicle v by a forward pass (leaving at the shift's start, the schedule that
 * reaches every later point earliest); NaN when infeasible. For moves inside one route.
 */
export function sequenceCost(inst: Instance, v: number, jobs: number[]): number {
  const size = inst.size;
  let t = inst.shiftStart[v];
  let loc = inst.vStart[v];
  let cost = 0;
  let load = 0;
  for (const j of jobs) {
    const x = inst.jobLoc[j];
    t += inst.time[loc * size + x];
    if (t > inst.due[j] + EPS) return Number.NaN;
    if (t < inst.ready[j]) t = inst.ready[j];
    t += inst.service[j];
    cost += inst.cost[loc * size + x];
    load += inst.demand[j];
    loc = x;
  }
  const end = inst.vEnd[v];
  t += inst.time[loc * size + end];
  if (t > inst.shiftEnd[v] + EPS || load > inst.capacity[v] + EPS) return Number.NaN;
  if (inst.hasBreak[v] && jobs.length > 0 && !placeBreak(inst, v, jobs, inst.shiftStart[v]))
    return Number.NaN;
  return jobs.length === 0 ? 0 : cost + inst.cost[loc * size + end];
}

/** Where a route's break goes: after `after` stops (its gap), starting at `start`; the route is back at `returnAt`. */
export interface BreakPlace {
  after: number;
  start: number;
  returnAt: number;
}

/**
 * The break of vehicle v placed in the gap that brings it home earliest, leaving at `departure`; null when no gap
 * keeps every window and the shift. In a gap the break starts as soon as the technician is free and its window is
 * open, and the drive may be split around it: service can start at max(leave + drive, break start) + duration.
 * A forward pass per gap (O(n²) for n jobs), only for the vehicles that have a break.
 */
export function placeBreak(inst: Instance, v: number, jobs: number[], departure: number): BreakPlace | null {
  const size = inst.size;
  const n = jobs.length;
  const earliest = inst.breakStart[v];
  const latest = inst.breakLatest[v];
  const duration = inst.breakDuration[v];
  let best: BreakPlace | null = null;
  // Prefix without the break: the time ready to leave after g stops and where.
  let tPrefix = departure;
  let locPrefix = inst.vStart[v];
  for (let g = 0; g <= n; g++) {
    const start = Math.max(tPrefix, earliest);
    if (start > latest + EPS) break;
    let t = tPrefix;
    let loc = locPrefix;
    for (let k = g; k <= n; k++) {
      const next = k < n ? inst.jobLoc[jobs[k]] : inst.vEnd[v];
      const leg = inst.time[loc * size + next];
      const ready = k === g ? Math.max(t + leg, start) + duration : t + leg;
      if (k === n) {
        if (ready <= inst.shiftEnd[v] + EPS && (!best || ready < best.returnAt - EPS))
          best = { after: g, start, returnAt: ready };
        break;
      }
      const j = jobs[k];
      if (ready > inst.due[j] + EPS) break;
      t = Math.max(ready, inst.ready[j]) + inst.service[j];
      loc = next;
    }
    if (g === n) break;
    // Extend the prefix by stop g (no break).
    const j = jobs[g];
    const x = inst.jobLoc[j];
    const arrival = tPrefix + inst.time[locPrefix * size + x];
    if (arrival > inst.due[j] + EPS) break;
    tPrefix = Math.max(arrival, inst.ready[j]) + inst.service[j];
    locPrefix = x;
  }
  return best;
}
