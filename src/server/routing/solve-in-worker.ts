import { Worker } from 'node:worker_threads';
import {
  type RoutingProblem,
  type RoutingSolution,
  routingProblemSchema,
  type SolveOptions,
  solveOptionsSchema,
} from './types';

// The solver is CPU-bound for up to its time limit: the server runs it in a worker thread of its own so that the
// event loop keeps answering (decision 1145). One thread per plan, ended when the plan is back.

/** Beyond the time limit, what a plan may take to start the thread, build, and send back before it is abandoned. */
const GRACE_MS = 10_000;

export async function solveInWorker(
  problem: RoutingProblem,
  options: SolveOptions = {},
): Promise<RoutingSolution> {
  // Checked here too, so that a bad problem fails in the caller with zod's message, before a thread is started.
  const parsedProblem = routingProblemSchema.parse(problem);
  const parsedOptions = solveOptionsSchema.parse(options);
  const url = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
  // Source files run through tsx's loader, registered in the thread itself (threads do not inherit the process's).
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true },
      )
    : new Worker(url);
  return new Promise<RoutingSolution>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('route planning took too long'));
    }, parsedOptions.timeLimitMs + GRACE_MS);
    const settle = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once(
      'message',
      (reply: { ok: true; solution: RoutingSolution } | { ok: false; error: string }) => {
        settle();
        if (reply.ok) resolve(reply.solution);
        else reject(new Error(reply.error));
      },
    );
    worker.once('error', (err) => {
      settle();
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the route planning thread stopped (${code})`));
    });
    worker.postMessage({ problem: parsedProblem, options: parsedOptions });
  });
}
