import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSolomon, solomonProblem } from './solomon';
import { checkSolomonAnswer } from './solomon-check';
import { solve } from './solve';

// Every answer on the six Solomon instances kept in fixtures/, checked from the instance's own numbers.
// Short runs: the quality is the benchmark's business (npm run bench -- --only=routing), feasibility is this file's.

const names = ['C101', 'C201', 'R101', 'R201', 'RC101', 'RC201'];
const read = (name: string) =>
  parseSolomon(readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8'));

describe('Solomon instances', () => {
  it.each(names)('%s: every customer served once, within windows, capacity and depot hours', (name) => {
    const instance = read(name);
    const plan = solve(solomonProblem(instance), { timeLimitMs: 300, costBy: 'distance' });
    expect(plan.unassigned).toEqual([]);
    const routes = plan.routes.map((r) => r.stops.map((s) => Number(s.jobId)));
    const checked = checkSolomonAnswer(instance, routes);
    expect(checked.problems).toEqual([]);
    expect(checked.vehicles).toBe(plan.vehicles);
    expect(plan.cost).toBeCloseTo(checked.distance, 6);
  });

  it('reads the fleet and the depot', () => {
    const instance = read('C101');
    expect(instance.vehicles).toBe(25);
    expect(instance.capacity).toBe(200);
    expect(instance.nodes).toHaveLength(101);
    expect(instance.nodes[0]).toEqual({ id: 0, x: 40, y: 50, demand: 0, ready: 0, due: 1236, service: 0 });
  });

  it('the checker finds a late visit, an overload, a missing and a repeated customer', () => {
    const instance = read('C101');
    const ids = instance.nodes.slice(1).map((n) => n.id);
    const checked = checkSolomonAnswer(instance, [ids.slice(0, 50), ids.slice(49, 99)]);
    expect(checked.problems.some((p) => /reached at .* due/.test(p))).toBe(true);
    expect(checked.problems.some((p) => /load .* over 200/.test(p))).toBe(true);
    expect(checked.problems).toContain('customer 50 visited 2 times');
    expect(checked.problems).toContain('customer 100 visited 0 times');
  });

  it('rejects a file that is not an instance', () => {
    expect(() => parseSolomon('hello')).toThrow(/no VEHICLE section/);
  });
});
