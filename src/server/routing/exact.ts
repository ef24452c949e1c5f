import { EPS, type Instance } from './model';

// One technician's day, solved exactly (decision 1145): dynamic programming over the subsets of jobs, with labels
// (cost, time ready to leave) per subset and last job, keeping only labels no other label beats on both. The answer
// serves as many jobs as can be served, then at least cost. 2^k · k states: up to EXACT_LIMIT jobs.

export const EXACT_LIMIT = 12;

interface Label {
  cost: number;
  time: number;
  /** The break is behind (or the vehicle has none): labels that still owe it are worse on that count. */
  rested: boolean;
  job: number;
  prev: Label | null;
}

export function solveExact(inst: Instance, v: number): { route: number[]; unassigned: number[] } {
  const size = inst.size;
  const jobs: number[] = [];
  const unassigned: number[] = [];
  for (let j = 0; j < inst.n; j++) (inst.allowed[v * inst.n + j] ? jobs : unassigned).push(j);
  const k = jobs.length;
  if (k > EXACT_LIMIT) throw new Error(`the exact solver takes at most ${EXACT_LIMIT} jobs`);
  const full = 1 << k;
  const load = new Float64Array(full);
  for (let mask = 1; mask < full; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    load[mask] = load[mask & (mask - 1)] + inst.demand[jobs[low]];
  }
  const labels: Label[][] = new Array(full * k);
  const start = inst.vStart[v];
  const end = inst.vEnd[v];
  const capacity = inst.capacity[v];
  const add = (mask: number, last: number, label: Label) => {
    const slot = mask * k + last;
    const list = labels[slot] ?? [];
    const beats = (a: Label, b: Label) =>
      a.cost <= b.cost + EPS && a.time <= b.time + EPS && (a.rested || !b.rested);
    for (const other of list) if (beats(other, label)) return;
    labels[slot] = list.filter((o) => !beats(label, o));
    labels[slot].push(label);
  };
  const hasBreak = inst.hasBreak[v] === 1;
  const breakStart = inst.breakStart[v];
  const breakLatest = inst.breakLatest[v];
  const duration = inst.breakDuration[v];
  /** Ready to serve (or be home) after leaving at `time` on a leg of `leg`, with the break in this gap or not. */
  const readyAfter = (time: number, leg: number, withBreak: boolean) => {
    if (!withBreak) return time + leg;
    const start = Math.max(time, breakStart);
    return start > breakLatest + EPS ? Number.NaN : Math.max(time + leg, start) + duration;
  };
  const extend = (
    from: Label | null,
    mask: number,
    loc: number,
    time: number,
    cost: number,
    rested: boolean,
  ) => {
    for (let b = 0; b < k; b++) {
      if (mask & (1 << b)) continue;
      const next = mask | (1 << b);
      if (load[next] > capacity + EPS) continue;
      const j = jobs[b];
      const x = inst.jobLoc[j];
      const leg = inst.time[loc * size + x];
      for (const withBreak of rested ? [false] : [false, true]) {
        const ready = readyAfter(time, leg, withBreak);
        if (!(ready <= inst.due[j] + EPS)) continue;
        const leave = Math.max(ready, inst.ready[j]) + inst.service[j];
        add(next, b, {
          cost: cost + inst.cost[loc * size + x],
          time: leave,
          rested: rested || withBreak,
          job: j,
          prev: from,
        });
      }
    }
  };
  extend(null, 0, start, inst.shiftStart[v], 0, !hasBreak);
  let best: Label | null = null;
  let bestCount = 0;
  let bestCost = 0;
  let bestTime = 0;
  for (let mask = 1; mask < full; mask++) {
    const count = popcount(mask);
    for (let last = 0; last < k; last++) {
      const list = labels[mask * k + last];
      if (!list) continue;
      const loc = inst.jobLoc[jobs[last]];
      for (const label of list) {
        const home = readyAfter(label.time, inst.time[loc * size + end], !label.rested);
        if (home <= inst.shiftEnd[v] + EPS) {
          const cost = label.cost + inst.cost[loc * size + end];
          if (
            count > bestCount ||
            (count === bestCount && (cost < bestCost - EPS || (cost <= bestCost + EPS && home < bestTime)))
          ) {
            best = label;
            bestCount = count;
            bestCost = cost;
            bestTime = home;
          }
        }
        extend(label, mask, loc, label.time, label.cost, label.rested);
      }
    }
  }
  // A day that cannot even reach home empty serves nothing.
  const route: number[] = [];
  for (let l = best; l; l = l.prev) route.push(l.job);
  route.reverse();
  const served = new Set(route);
  for (const j of jobs) if (!served.has(j)) unassigned.push(j);
  return { route, unassigned: unassigned.sort((a, b) => a - b) };
}

function popcount(x: number): number {
  let c = 0;
  for (let y = x; y; y &= y - 1) c++;
  return c;
}
