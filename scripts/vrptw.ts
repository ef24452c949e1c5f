// Solomon VRPTW benchmark runner: npm run vrptw -- --time-limit-ms N [--seed S] FILE...
// Prints one JSON line per instance: {"instance", "routes" (customer numbers in visit order), "distance",
// "vehicles", "solveMs"}. The objective is the total distance alone (decision 1145).
import { readFileSync } from 'node:fs';
import { parseSolomon, solomonProblem } from '../src/server/routing/solomon';
import { solve } from '../src/server/routing/solve';

export function solveSolomonFile(file: string, timeLimitMs: number, seed = 1) {
  const instance = parseSolomon(readFileSync(file, 'utf8'));
  const solution = solve(solomonProblem(instance), { timeLimitMs, seed, costBy: 'distance' });
  if (solution.unassigned.length > 0)
    throw new Error(`${file}: ${solution.unassigned.length} customers could not be served`);
  return {
    instance: file,
    routes: solution.routes.map((r) => r.stops.map((s) => Number(s.jobId))),
    distance: solution.cost,
    vehicles: solution.vehicles,
    solveMs: Math.round(solution.solveMs),
  };
}

function main(argv: string[]) {
  let timeLimitMs = 2000;
  let seed = 1;
  const files: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    const [flag, inline] = arg.split('=');
    const value = () => Number(inline ?? argv[++k]);
    if (flag === '--time-limit-ms') timeLimitMs = value();
    else if (flag === '--seed') seed = value();
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (!(timeLimitMs > 0) || !Number.isInteger(seed)) throw new Error('--time-limit-ms must be positive');
  if (files.length === 0) throw new Error('usage: npm run vrptw -- --time-limit-ms N FILE...');
  for (const file of files) console.log(JSON.stringify(solveSolomonFile(file, timeLimitMs, seed)));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
