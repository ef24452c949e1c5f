import { type RoutingProblem, routingProblemSchema } from './types';

/** A problem compiled to flat arrays for the solvers' inner loops. Jobs and vehicles are numbered 0..n-1, 0..m-1. */
export interface Instance {
  n: number;
  m: number;
  size: number;
  /** Row-major size × size matrices. */
  time: Float64Array;
  cost: Float64Array;
  jobLoc: Int32Array;
  service: Float64Array;
  ready: Float64Array;
  due: Float64Array;
  demand: Float64Array;
  vStart: Int32Array;
  vEnd: Int32Array;
  shiftStart: Float64Array;
  shiftEnd: Float64Array;
  capacity: Float64Array;
  /** A vehicle's break: 1 when it has one, its earliest and latest start and its duration. */
  hasBreak: Uint8Array;
  breakStart: Float64Array;
  breakLatest: Float64Array;
  breakDuration: Float64Array;
  /** allowed[v * n + j]: vehicle v may take job j (skills and locks). */
  allowed: Uint8Array;
  /** False when every vehicle may take every job (lets moves skip the check). */
  restricted: boolean;
  /** Vehicles sharing a class are interchangeable (same start, end, shift, capacity and allowed jobs). */
  vehicleClass: Int32Array;
  jobIds: string[];
  vehicleIds: string[];
}

/** Tolerance on time windows and capacity, tighter than any checker's. */
export const EPS = 1e-7;
const OPEN = 1e15;

export function compile(input: RoutingProblem, costBy: 'duration' | 'distance' = 'duration'): Instance {
  const p = routingProblemSchema.parse(input);
  const size = p.durations.length;
  const n = p.jobs.length;
  const m = p.vehicles.length;
  const time = new Float64Array(size * size);
  const cost = new Float64Array(size * size);
  const costRows = costBy === 'distance' && p.distances ? p.distances : p.durations;
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) {
      time[i * size + j] = p.durations[i][j];
      cost[i * size + j] = costRows[i][j];
    }
  const inst: Instance = {
    n,
    m,
    size,
    time,
    cost,
    jobLoc: new Int32Array(n),
    service: new Float64Array(n),
    ready: new Float64Array(n),
    due: new Float64Array(n),
    demand: new Float64Array(n),
    vStart: new Int32Array(m),
    vEnd: new Int32Array(m),
    shiftStart: new Float64Array(m),
    shiftEnd: new Float64Array(m),
    capacity: new Float64Array(m),
    hasBreak: new Uint8Array(m),
    breakStart: new Float64Array(m),
    breakLatest: new Float64Array(m),
    breakDuration: new Float64Array(m),
    allowed: new Uint8Array(n * m),
    restricted: false,
    vehicleClass: new Int32Array(m),
    jobIds: p.jobs.map((j) => j.id),
    vehicleIds: p.vehicles.map((v) => v.id),
  };
  p.vehicles.forEach((v, k) => {
    inst.vStart[k] = v.start;
    inst.vEnd[k] = v.end ?? v.start;
    inst.shiftStart[k] = v.shift.start;
    inst.shiftEnd[k] = v.shift.end;
    inst.capacity[k] = v.capacity ?? Number.POSITIVE_INFINITY;
    if (v.break) {
      inst.hasBreak[k] = 1;
      inst.breakStart[k] = v.break.window.start;
      inst.breakLatest[k] = v.break.window.end;
      inst.breakDuration[k] = v.break.duration;
    }
  });
  p.jobs.forEach((j, i) => {
    inst.jobLoc[i] = j.location;
    inst.service[i] = j.service;
    // No window: open all day (finite bounds keep the segment arithmetic free of ∞ − ∞).
    let ready = j.window?.start ?? -OPEN;
    let due = j.window?.end ?? OPEN;
    if (j.lock?.start !== undefined) {
      // A job locked to a time starts exactly then (and is unassigned if its own window excludes that time).
      if (j.lock.start < ready || j.lock.start > due) [ready, due] = [1, 0];
      else ready = due = j.lock.start;
    }
    inst.ready[i] = ready;
    inst.due[i] = due;
    inst.demand[i] = j.demand;
    p.vehicles.forEach((v, k) => {
      const ok =
        j.skills.every((s) => v.skills.includes(s)) &&
        (j.lock?.vehicleId === undefined || j.lock.vehicleId === v.id);
      inst.allowed[k * n + i] = ok ? 1 : 0;
      if (!ok) inst.restricted = true;
    });
  });
  const classes = new Map<string, number>();
  for (let k = 0; k < m; k++) {
    const key = [
      inst.vStart[k],
      inst.vEnd[k],
      inst.shiftStart[k],
      inst.shiftEnd[k],
      inst.capacity[k],
      inst.hasBreak[k] ? `${inst.breakStart[k]},${inst.breakLatest[k]},${inst.breakDuration[k]}` : '',
      inst.restricted ? Array.from(inst.allowed.subarray(k * n, (k + 1) * n)).join('') : '',
    ].join('|');
    if (!classes.has(key)) classes.set(key, classes.size);
    inst.vehicleClass[k] = classes.get(key) as number;
  }
  return inst;
}
