import type { RoutingProblem } from './types';

// Solomon's VRPTW text format (also the Gehring–Homberger sets): a VEHICLE section with the fleet size and capacity,
// then one CUSTOMER row per node — number, x, y, demand, ready time, due date, service time; node 0 is the depot and
// its due date closes the day. Travel time and distance are the Euclidean distance in double precision.

export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  nodes: { id: number; x: number; y: number; demand: number; ready: number; due: number; service: number }[];
}

export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l.length > 0) ?? '';
  const vehicleAt = lines.findIndex((l) => /^VEHICLE/i.test(l));
  const fleet = vehicleAt < 0 ? undefined : lines.slice(vehicleAt + 1).find((l) => /^\d/.test(l));
  if (!fleet) throw new Error('not a Solomon instance: no VEHICLE section');
  const [vehicles, capacity] = fleet.split(/\s+/).map(Number);
  const customerAt = lines.findIndex((l) => /^CUSTOMER/i.test(l));
  if (customerAt < 0) throw new Error('not a Solomon instance: no CUSTOMER section');
  const nodes = lines
    .slice(customerAt + 1)
    .filter((l) => /^\d/.test(l))
    .map((l) => {
      const [id, x, y, demand, ready, due, service] = l.split(/\s+/).map(Number);
      return { id, x, y, demand, ready, due, service };
    });
  if (nodes.length === 0 || nodes[0].id !== 0)
    throw new Error('not a Solomon instance: node 0 (the depot) is missing');
  if (!Number.isInteger(vehicles) || vehicles < 1 || !(capacity > 0))
    throw new Error('bad VEHICLE NUMBER/CAPACITY');
  return { name, vehicles, capacity, nodes };
}

/** The instance as a routing problem: jobs are named by their customer numbers, vehicles v1…vK. */
export function solomonProblem(s: SolomonInstance): RoutingProblem {
  const matrix = s.nodes.map((a) => s.nodes.map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
  const depot = s.nodes[0];
  return {
    durations: matrix,
    distances: matrix,
    jobs: s.nodes.slice(1).map((c, k) => ({
      id: String(c.id),
      location: k + 1,
      service: c.service,
      window: { start: c.ready, end: c.due },
      demand: c.demand,
    })),
    vehicles: Array.from({ length: s.vehicles }, (_, k) => ({
      id: `v${k + 1}`,
      start: 0,
      shift: { start: depot.ready, end: depot.due },
      capacity: s.capacity,
    })),
  };
}
