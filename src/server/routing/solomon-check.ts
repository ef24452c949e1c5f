import type { SolomonInstance } from './solomon';

// An answer to a Solomon instance, checked from the instance alone — its own arithmetic, none of the solver's — so
// that a fault in the solver's bookkeeping cannot hide itself. Used by the tests and the benchmark.

const TOLERANCE = 1e-6;

export interface CheckedAnswer {
  /** Total distance recomputed from the coordinates. */
  distance: number;
  vehicles: number;
  problems: string[];
}

export function checkSolomonAnswer(instance: SolomonInstance, routes: number[][]): CheckedAnswer {
  const problems: string[] = [];
  const byId = new Map(instance.nodes.map((n) => [n.id, n]));
  const depot = byId.get(0);
  if (!depot) return { distance: 0, vehicles: 0, problems: ['no depot'] };
  const seen = new Map<number, number>();
  let distance = 0;
  const used = routes.filter((r) => r.length > 0);
  if (used.length > instance.vehicles)
    problems.push(`${used.length} routes for ${instance.vehicles} vehicles`);
  used.forEach((route, k) => {
    let x = depot.x;
    let y = depot.y;
    let clock = depot.ready;
    let load = 0;
    for (const id of route) {
      const c = byId.get(id);
      if (!c || id === 0) {
        problems.push(`route ${k}: unknown customer ${id}`);
        continue;
      }
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const leg = Math.sqrt((c.x - x) ** 2 + (c.y - y) ** 2);
      distance += leg;
      clock += leg;
      if (clock > c.due + TOLERANCE)
        problems.push(`route ${k}: customer ${id} reached at ${clock}, due ${c.due}`);
      clock = Math.max(clock, c.ready) + c.service;
      load += c.demand;
      x = c.x;
      y = c.y;
    }
    const home = Math.sqrt((depot.x - x) ** 2 + (depot.y - y) ** 2);
    distance += home;
    clock += home;
    if (clock > depot.due + TOLERANCE)
      problems.push(`route ${k}: back at the depot at ${clock}, closes ${depot.due}`);
    if (load > instance.capacity + TOLERANCE)
      problems.push(`route ${k}: load ${load} over ${instance.capacity}`);
  });
  for (const c of instance.nodes) {
    if (c.id === 0) continue;
    const times = seen.get(c.id) ?? 0;
    if (times !== 1) problems.push(`customer ${c.id} visited ${times} times`);
  }
  return { distance, vehicles: used.length, problems };
}
