// The worker thread's side of solveInWorker: problems in, plans (or an error message) out, one at a time.
import { parentPort } from 'node:worker_threads';
import { solve } from './solve';
import type { RoutingProblem, SolveOptions } from './types';

parentPort?.on('message', (message: { problem: RoutingProblem; options: SolveOptions }) => {
  try {
    parentPort?.postMessage({ ok: true, solution: solve(message.problem, message.options) });
  } catch (err) {
    parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
