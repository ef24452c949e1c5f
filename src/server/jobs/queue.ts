import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * A queue's policy, fixed when it is first created: 'standard' runs every job; 'stately' holds at most one waiting
 * and one running job (a send while one waits is dropped), for work that only needs doing once more.
 */
export type QueuePolicy = 'standard' | 'stately';

/** A job handler receives the job's data; throwing makes pg-boss retry it. */
export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

/**
 * Background work on a Postgres-backed queue (pg-boss): retried, visible in the database, never lost on
 * restart. Works on PostgreSQL and on the embedded PGlite through pg-boss's `db` option.
 */
export interface JobQueue {
  send<T extends object>(
    name: string,
    data: T,
    options?: {
      singletonKey?: string;
      retryLimit?: number;
      retryDelaySeconds?: number;
      /** Delay before the job may run. */
      startAfterSeconds?: number;
      /** How long a job may stay active before pg-boss treats its worker as gone and retries it. */
      expireInSeconds?: number;
      policy?: QueuePolicy;
    },
  ): Promise<string | null>;
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: {
      batchSize?: number;
      /** How often this worker polls; jobs sent from this process wake it at once regardless. */
      pollingIntervalSeconds?: number;
      policy?: QueuePolicy;
    },
  ): Promise<void>;
  stop(): Promise<void>;
}

export async function createJobQueue(
  handle: DatabaseHandle,
  opts: { pollingIntervalSeconds?: number; onError?: (err: Error) => void } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.query(text, values) },
    schema: 'pgboss',
    // Maintenance (archiving, expiring) runs on PostgreSQL; on the single-connection PGlite we keep it light.
    supervise: handle.kind === 'postgres',
    schedule: handle.kind === 'postgres',
  });
  boss.on('error', (err) => (opts.onError ?? ((e) => console.warn('job queue:', e.message)))(err));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string, policy: QueuePolicy = 'standard') => {
    if (created.has(name)) return;
    await boss.createQueue(name, { name, policy });
    created.add(name);
  };
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 1;
  // This process's workers per queue: a job sent from here wakes them instead of waiting for their next poll.
  const localWorkers = new Map<string, string[]>();

  return {
    async send(name, data, options) {
      await ensureQueue(name, options?.policy);
      const id = await boss.send(name, data, {
        retryLimit: options?.retryLimit ?? 3,
        retryDelay: options?.retryDelaySeconds ?? 5,
        singletonKey: options?.singletonKey,
        // pg-boss checks these by key presence, so absent options must not be sent as undefined.
        ...(options?.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }),
        ...(options?.expireInSeconds !== undefined && { expireInSeconds: options.expireInSeconds }),
      });
      for (const workerId of localWorkers.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },
    async work(name, handler, options) {
      await ensureQueue(name, options?.policy);
      const workerId = await boss.work<object>(
        name,
        {
          pollingIntervalSeconds: options?.pollingIntervalSeconds ?? pollingIntervalSeconds,
          batchSize: options?.batchSize ?? 1,
        },
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never, { id: job.id });
        },
      );
      localWorkers.set(name, [...(localWorkers.get(name) ?? []), workerId]);
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
