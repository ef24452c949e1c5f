// The worker thread's side of solveInWorker: one problem in, one plan (or an error message) out.
import { parentPort } from 'node:worker_threads';
import { solve } from './solve';
import type { RoutingProblem, SolveOptions } from './types';

parentPort?.once('message', (message: { problem: RoutingProblem; options: SolveOptions }) => {
  try {
    parentPort?.postMessage({ ok: true, solution: solve(message.problem, message.options) });
  } catch (err) {
    parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
