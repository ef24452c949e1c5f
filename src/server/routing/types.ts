import { z } from 'zod';

// The solver's public contract (decision 1145). Times and durations are plain numbers in one unit chosen by the
// caller (seconds from midnight in the product, Solomon's abstract units in the benchmark); locations are indices
// into the caller's travel matrices, so the solver knows nothing of maps, bookings or the database.

const finite = z.number().finite();
const nonNegative = finite.nonnegative();
/** A square-or-not matrix of non-negative finite numbers, checked in one loop (zod per cell is slow at 1,000²). */
const matrix = z.custom<number[][]>(
  (m) =>
    Array.isArray(m) &&
    m.every(
      (row) => Array.isArray(row) && row.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0),
    ),
  { message: 'a matrix must be rows of non-negative finite numbers' },
);
const window = z
  .object({ start: finite, end: finite })
  .refine((w) => w.start <= w.end, { message: 'a time window must not end before it starts' });

export const routingJobSchema = z.object({
  id: z.string().min(1),
  location: z.number().int().nonnegative(),
  /** Time spent on the job, in the matrix's time unit. */
  service: nonNegative.default(0),
  /** The window the service must start in; none means any time in the technician's shift. */
  window: window.optional(),
  demand: nonNegative.default(0),
  /** Every skill listed here must be held by the technician who takes the job. */
  skills: z.array(z.string()).default([]),
  /** Locked by the owner: to one technician, and/or to a start time (the window shrinks to that instant). */
  lock: z.object({ vehicleId: z.string().min(1).optional(), start: finite.optional() }).optional(),
});

export const routingVehicleSchema = z.object({
  id: z.string().min(1),
  start: z.number().int().nonnegative(),
  /** Where the day ends; the start location when absent. */
  end: z.number().int().nonnegative().optional(),
  /** Leaves no earlier than `start`, is back no later than `end`. */
  shift: window,
  /** No limit when absent. */
  capacity: nonNegative.optional(),
  skills: z.array(z.string()).default([]),
  /**
   * A break (lunch) taken once in the day when the route has jobs: it starts within `window` (its earliest and latest
   * start) and lasts `duration`, between two jobs (the drive may be split around it) or before the drive home.
   */
  break: z.object({ window, duration: nonNegative }).optional(),
});

export const routingProblemSchema = z
  .object({
    jobs: z.array(routingJobSchema),
    vehicles: z.array(routingVehicleSchema).min(1),
    /** durations[i][j]: drive time from location i to j. */
    durations: matrix,
    /** distances[i][j]: what the objective minimises when `costBy` is 'distance'; the durations when absent. */
    distances: matrix.optional(),
  })
  .superRefine((p, ctx) => {
    const size = p.durations.length;
    const square = (m: number[][]) => m.every((row) => row.length === size);
    if (!square(p.durations)) ctx.addIssue({ code: 'custom', message: 'durations must be a square matrix' });
    if (p.distances && (p.distances.length !== size || !square(p.distances)))
      ctx.addIssue({ code: 'custom', message: 'distances must have the shape of durations' });
    const locations = [
      ...p.jobs.map((j) => j.location),
      ...p.vehicles.flatMap((v) => [v.start, v.end ?? v.start]),
    ];
    if (locations.some((l) => l >= size))
      ctx.addIssue({ code: 'custom', message: 'a location is outside the travel matrix' });
    const jobIds = new Set(p.jobs.map((j) => j.id));
    if (jobIds.size !== p.jobs.length) ctx.addIssue({ code: 'custom', message: 'job ids must be unique' });
    const vehicleIds = new Set(p.vehicles.map((v) => v.id));
    if (vehicleIds.size !== p.vehicles.length)
      ctx.addIssue({ code: 'custom', message: 'vehicle ids must be unique' });
    for (const j of p.jobs)
      if (j.lock?.vehicleId && !vehicleIds.has(j.lock.vehicleId))
        ctx.addIssue({ code: 'custom', message: `job ${j.id} is locked to an unknown vehicle` });
  });

export const solveOptionsSchema = z.object({
  /** Wall-clock budget of the metaheuristic; the exact solver and the construction always finish. */
  timeLimitMs: z.number().int().positive().max(600_000).default(1000),
  seed: z.number().int().default(1),
  costBy: z.enum(['duration', 'distance']).default('duration'),
  /**
   * Balanced days, the third objective (decision 1335): among plans whose cost is within this much of the least
   * found (in the cost's unit), fewest vehicles, then the least spread of working time between them. 0: ties only.
   */
  balanceTolerance: z.number().finite().nonnegative().default(0),
});

export type RoutingJob = z.input<typeof routingJobSchema>;
export type RoutingVehicle = z.input<typeof routingVehicleSchema>;
export type RoutingProblem = z.input<typeof routingProblemSchema>;
export type SolveOptions = z.input<typeof solveOptionsSchema>;

export interface PlannedStop {
  jobId: string;
  arrival: number;
  /** Start of service (the arrival, or the window's opening after a wait). */
  start: number;
  departure: number;
}

export interface PlannedRoute {
  vehicleId: string;
  /** Leaves its start location; the latest departure that keeps the day's duration least. */
  departure: number;
  returnAt: number;
  stops: PlannedStop[];
  /** Sum of the drive durations of the route's legs. */
  driveTime: number;
  /** Sum of the route's legs in the cost matrix (the distances, or the durations). */
  cost: number;
  /** The vehicle's break, when it has one: taken after `after` stops (0 = before the first drive). */
  break?: { after: number; start: number; end: number };
}

export interface RoutingSolution {
  /** One entry per vehicle that has work, in the order the vehicles were given. */
  routes: PlannedRoute[];
  /** Jobs no technician can take within windows, shifts, capacity, skills and locks. */
  unassigned: string[];
  /** Total of the routes' costs. */
  cost: number;
  driveTime: number;
  vehicles: number;
  /** True when the answer is proven optimal (the exact solver for one technician's day). */
  exact: boolean;
  iterations: number;
  solveMs: number;
}
