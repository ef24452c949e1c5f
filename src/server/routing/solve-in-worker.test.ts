import { describe, expect, it } from 'vitest';
import { checkPlan } from './check-plan';
import { solveInWorker } from './solve-in-worker';
import type { RoutingProblem } from './types';

const problem: RoutingProblem = {
  durations: [
    [0, 10, 12, 20],
    [10, 0, 6, 14],
    [12, 6, 0, 9],
    [20, 14, 9, 0],
  ],
  jobs: [
    { id: 'a', location: 1, service: 60, window: { start: 480, end: 600 } },
    { id: 'b', location: 2, service: 45, window: { start: 540, end: 720 } },
    { id: 'c', location: 3, service: 90 },
  ],
  vehicles: [
    { id: 'ana', start: 0, shift: { start: 420, end: 1020 } },
    { id: 'ben', start: 0, shift: { start: 420, end: 1020 } },
  ],
};

describe('solveInWorker', () => {
  it('plans in a worker thread while the event loop keeps turning', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    const plan = await solveInWorker(problem, { timeLimitMs: 200, seed: 3 });
    clearInterval(ticking);
    expect(checkPlan(problem, plan)).toEqual([]);
    expect(plan.unassigned).toEqual([]);
    expect(turns).toBeGreaterThan(0);
  });

  it('answers plan after plan (the finished thread is kept for the next one)', async () => {
    const plans = await Promise.all(
      [1, 2, 3].map((seed) => solveInWorker(problem, { timeLimitMs: 50, seed })),
    );
    const again = await solveInWorker(problem, { timeLimitMs: 50, seed: 4 });
    for (const plan of [...plans, again]) expect(checkPlan(problem, plan)).toEqual([]);
  });

  it('rejects a bad problem before starting a thread', async () => {
    await expect(solveInWorker({ ...problem, vehicles: [] })).rejects.toThrow();
  });
});
