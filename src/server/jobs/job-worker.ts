import type { AppDeps } from '../http/context';
import type { JobQueue } from './queue';

/** What a handler is given besides the job's data: the app's dependencies, the queue to send follow-ups on, the job's id. */
export interface WorkerContext {
  deps: AppDeps;
  queue: JobQueue;
  jobId: string;
}

/**
 * One queue's handler, as a feature declares it (decision 1162). A feature exports its list
 * (`export const xxxWorkers = [defineWorker(...), ...]` from its `<feature>.workers.ts`); src/server/jobs/workers.ts
 * only lists those lists and is the one place that registers them on the queue.
 */
export interface JobWorker<T extends object = object> {
  job: string;
  /** Throwing makes the queue retry the job. */
  run(data: T, ctx: WorkerContext): Promise<unknown>;
  options?: Parameters<JobQueue['work']>[2];
}

export const defineWorker = <T extends object>(
  job: string,
  run: (data: T, ctx: WorkerContext) => Promise<unknown>,
  options?: JobWorker<T>['options'],
): JobWorker<T> => ({ job, run, options });
