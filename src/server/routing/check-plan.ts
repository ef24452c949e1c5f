import type { RoutingProblem, RoutingSolution } from './types';

// A plan checked against its problem with arithmetic of its own (none of the solver's summaries or costs): every
// job served once or reported unassigned, reported times consistent with the matrix, windows, shifts, capacity,
// skills and locks kept. Returns the problems found; an empty list is a feasible plan.

const TOLERANCE = 1e-6;

export function checkPlan(problem: RoutingProblem, solution: RoutingSolution): string[] {
  const problems: string[] = [];
  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  const vehicles = new Map(problem.vehicles.map((v) => [v.id, v]));
  const times = new Map<string, number>();
  for (const id of solution.unassigned) times.set(id, (times.get(id) ?? 0) + 1);
  const usedVehicles = new Set<string>();
  for (const route of solution.routes) {
    const vehicle = vehicles.get(route.vehicleId);
    if (!vehicle) {
      problems.push(`unknown vehicle ${route.vehicleId}`);
      continue;
    }
    if (usedVehicles.has(vehicle.id)) problems.push(`vehicle ${vehicle.id} has two routes`);
    usedVehicles.add(vehicle.id);
    if (route.departure < vehicle.shift.start - TOLERANCE)
      problems.push(`${vehicle.id} leaves at ${route.departure}, before its shift`);
    let clock = route.departure;
    let at = vehicle.start;
    let load = 0;
    let drive = 0;
    // The break: once, in its window, for its duration, in one gap; the drive of that gap may be split around it.
    const brk = route.break;
    const rest = vehicle.break;
    if (rest && route.stops.length > 0 && !brk) problems.push(`${vehicle.id} takes no break`);
    if (brk && !rest) problems.push(`${vehicle.id} takes a break it does not have`);
    if (brk && rest) {
      if (brk.start < rest.window.start - TOLERANCE || brk.start > rest.window.end + TOLERANCE)
        problems.push(
          `${vehicle.id}'s break starts at ${brk.start}, outside ${rest.window.start}–${rest.window.end}`,
        );
      if (Math.abs(brk.end - brk.start - rest.duration) > TOLERANCE)
        problems.push(`${vehicle.id}'s break lasts ${brk.end - brk.start}, not ${rest.duration}`);
      if (!Number.isInteger(brk.after) || brk.after < 0 || brk.after > route.stops.length)
        problems.push(`${vehicle.id}'s break is after stop ${brk.after}`);
    }
    /** The gap's break, if it is this one: the break cannot start before the technician is free. */
    const breakIn = (gap: number) => {
      if (!brk || !rest || brk.after !== gap) return null;
      if (brk.start < clock - TOLERANCE)
        problems.push(`${vehicle.id}'s break starts before stop ${gap} ends`);
      return brk;
    };
    for (const [index, stop] of route.stops.entries()) {
      const job = jobs.get(stop.jobId);
      if (!job) {
        problems.push(`unknown job ${stop.jobId}`);
        continue;
      }
      times.set(job.id, (times.get(job.id) ?? 0) + 1);
      const leg = problem.durations[at][job.location];
      drive += leg;
      const gapBreak = breakIn(index);
      // Reaches the job before the break starts (and rests there), or rests on the way and arrives that much later.
      const arrival =
        gapBreak && clock + leg > gapBreak.start
          ? clock + leg + (gapBreak.end - gapBreak.start)
          : clock + leg;
      if (Math.abs(arrival - stop.arrival) > TOLERANCE)
        problems.push(`${job.id}: arrival ${stop.arrival} ≠ ${arrival}`);
      if (stop.start < arrival - TOLERANCE) problems.push(`${job.id} starts before the technician arrives`);
      if (gapBreak && stop.start < gapBreak.end - TOLERANCE)
        problems.push(`${job.id} starts at ${stop.start}, during ${vehicle.id}'s break`);
      if (
        job.window &&
        (stop.start < job.window.start - TOLERANCE || stop.start > job.window.end + TOLERANCE)
      )
        problems.push(`${job.id} starts at ${stop.start}, outside ${job.window.start}–${job.window.end}`);
      if (job.lock?.vehicleId !== undefined && job.lock.vehicleId !== vehicle.id)
        problems.push(`${job.id} is locked to ${job.lock.vehicleId}, planned for ${vehicle.id}`);
      if (job.lock?.start !== undefined && Math.abs(stop.start - job.lock.start) > TOLERANCE)
        problems.push(`${job.id} is locked to start at ${job.lock.start}, planned at ${stop.start}`);
      for (const skill of job.skills ?? [])
        if (!(vehicle.skills ?? []).includes(skill))
          problems.push(`${vehicle.id} lacks ${skill} for ${job.id}`);
      const departure = stop.start + (job.service ?? 0);
      if (Math.abs(departure - stop.departure) > TOLERANCE)
        problems.push(`${job.id}: departure ${stop.departure}`);
      clock = departure;
      load += job.demand ?? 0;
      at = job.location;
    }
    const end = vehicle.end ?? vehicle.start;
    const homeLeg = problem.durations[at][end];
    drive += homeLeg;
    const lastBreak = breakIn(route.stops.length);
    clock = lastBreak
      ? Math.max(clock + homeLeg + (lastBreak.end - lastBreak.start), lastBreak.end)
      : clock + homeLeg;
    if (clock > vehicle.shift.end + TOLERANCE)
      problems.push(`${vehicle.id} is back at ${clock}, after its shift`);
    if (Math.abs(clock - route.returnAt) > TOLERANCE)
      problems.push(`${vehicle.id}: return ${route.returnAt}`);
    if (Math.abs(drive - route.driveTime) > TOLERANCE)
      problems.push(`${vehicle.id}: drive ${route.driveTime}`);
    if (load > (vehicle.capacity ?? Number.POSITIVE_INFINITY) + TOLERANCE)
      problems.push(`${vehicle.id} carries ${load}, over ${vehicle.capacity}`);
  }
  for (const job of problem.jobs) {
    const count = times.get(job.id) ?? 0;
    if (count !== 1) problems.push(`${job.id} appears ${count} times`);
  }
  return problems;
}
