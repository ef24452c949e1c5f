import { Worker } from 'node:worker_threads';
import {
  type RoutingProblem,
  type RoutingSolution,
  routingProblemSchema,
  type SolveOptions,
  solveOptionsSchema,
} from './types';

// The solver is CPU-bound for up to its time limit: the server runs it in a worker thread so that the event loop
// keeps answering (decision 1145). A plan takes a thread of its own; one finished thread is kept, idle and not
// holding the process open, for the next plan, which then skips the thread's start (loading the solver's modules).

/** Beyond the time limit, what a plan may take to start the thread, build, and send back before it is abandoned. */
const GRACE_MS = 10_000;

let idle: Worker | undefined;

function startWorker(): Worker {
  const url = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
  // Source files run through tsx's loader, registered in the thread itself (threads do not inherit the process's).
  return url.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`,
        { eval: true },
      )
    : new Worker(url);
}

/** Starts the idle thread ahead of the first plan (optional: a plan starts one when none is idle). */
export function warmRoutingWorker(): void {
  if (!idle) {
    idle = startWorker();
    idle.unref();
    idle.once('exit', () => {
      idle = undefined;
    });
  }
}

export async function solveInWorker(
  problem: RoutingProblem,
  options: SolveOptions = {},
): Promise<RoutingSolution> {
  // Checked here too, so that a bad problem fails in the caller with zod's message, before a thread is used.
  const parsedProblem = routingProblemSchema.parse(problem);
  const parsedOptions = solveOptionsSchema.parse(options);
  const worker = idle ?? startWorker();
  idle = undefined;
  worker.removeAllListeners('exit');
  worker.ref();
  return new Promise<RoutingSolution>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.removeAllListeners('message');
      worker.removeAllListeners('error');
      worker.removeAllListeners('exit');
    };
    const timer = setTimeout(() => {
      done();
      void worker.terminate();
      reject(new Error('route planning took too long'));
    }, parsedOptions.timeLimitMs + GRACE_MS);
    worker.once(
      'message',
      (reply: { ok: true; solution: RoutingSolution } | { ok: false; error: string }) => {
        done();
        if (idle) void worker.terminate();
        else {
          idle = worker;
          worker.unref();
          worker.once('exit', () => {
            if (idle === worker) idle = undefined;
          });
        }
        if (reply.ok) resolve(reply.solution);
        else reject(new Error(reply.error));
      },
    );
    worker.once('error', (err) => {
      done();
      void worker.terminate();
      reject(err);
    });
    worker.once('exit', (code) => {
      done();
      reject(new Error(`the route planning thread stopped (${code})`));
    });
    worker.postMessage({ problem: parsedProblem, options: parsedOptions });
  });
}
