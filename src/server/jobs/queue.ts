import PgBoss from 'pg-boss';
import type { DatabaseHandle, DbOrTx } from '../db/client';
import type { Logger } from '../observability/logger';
import type { QueueStat } from '../observability/metrics';
import { currentRequestId, runWithRequestId } from '../observability/request-context';

/** The key under which a job carries the id of the request that sent it (stripped before its handler sees the data). */
const REQUEST_ID_KEY = '_requestId';

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
      /**
       * The caller's transaction: the job is written by it, so it exists exactly when the write that implies it
       * commits (a transactional outbox, decision 1263). Its queue must exist already (every worker's queue is
       * created at start; `work` or an earlier send creates it).
       */
      tx?: DbOrTx;
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
  /** Stops taking jobs and waits up to `timeoutMs` (default 10 s) for the running ones to finish. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * pg-boss's SQL run on the connection of a drizzle transaction, so a job can be written in the caller's transaction on
 * PostgreSQL and on PGlite alike. pg-boss reuses a `$n` parameter at several places of one statement, which drizzle's
 * own `sql` cannot express; both drivers' transaction sessions hold a client with `query(text, values)` (the pg pool's
 * client, PGlite's transaction).
 */
export function executeSqlOn(tx: DbOrTx) {
  const client = (tx as unknown as { session: { client: SqlClient } }).session.client;
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}
type SqlClient = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * How often a supervisor looks for jobs active past their `expireInSeconds` (their worker died) and retries them:
 * with a job's expiry it bounds how late a crashed instance's work is picked up by another (decision 1263).
 */
export const MAINTENANCE_INTERVAL_SECONDS = 10;

export async function createJobQueue(
  handle: DatabaseHandle,
  opts: {
    pollingIntervalSeconds?: number;
    onError?: (err: Error) => void;
    logger?: Logger;
    /** Expire (retry) jobs whose worker went silent this often; default every 10 s on PostgreSQL, never on PGlite. */
    maintenanceIntervalSeconds?: number;
  } = {},
): Promise<JobQueue> {
  const supervise = handle.kind === 'postgres' || opts.maintenanceIntervalSeconds !== undefined;
  // pg-boss's stop waits for the jobs its workers hold, not for a fetch still on its way: the job that fetch brings
  // runs after the stop resolved, against a pool its owner may have closed meanwhile (a test file's, a server's on
  // SIGTERM). The queue counts its statements and handlers in flight, and its stop waits for both.
  let inFlight = 0;
  const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => tracked(() => handle.query(text, values)) },
    schema: 'pgboss',
    // Maintenance (archiving, expiring) runs on PostgreSQL; on the single-connection PGlite we keep it light unless
    // asked. One instance of a cluster runs it per interval (pg-boss keeps the time in its table).
    supervise,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
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
      // Inside a transaction on the one-connection PGlite, a query outside it would wait for the transaction forever.
      if (!options?.tx || handle.kind === 'postgres') await ensureQueue(name, options?.policy);
      else if (!created.has(name))
        throw new Error(`Queue "${name}" must exist before a job is sent in a transaction`);
      // A job sent while handling a request runs under that request's id (its logs and provider calls carry it).
      const requestId = currentRequestId();
      const id = await boss.send(name, requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data, {
        retryLimit: options?.retryLimit ?? 3,
        retryDelay: options?.retryDelaySeconds ?? 5,
        singletonKey: options?.singletonKey,
        // pg-boss checks these by key presence, so absent options must not be sent as undefined.
        ...(options?.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }),
        ...(options?.expireInSeconds !== undefined && { expireInSeconds: options.expireInSeconds }),
        ...(options?.tx && { db: executeSqlOn(options.tx) }),
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
        async (jobs) =>
          tracked(async () => {
            for (const job of jobs) {
              const { [REQUEST_ID_KEY]: requestId, ...data } = job.data as Record<string, unknown>;
              await runWithRequestId(
                typeof requestId === 'string' ? requestId : `job-${job.id}`,
                async () => {
                  const started = performance.now();
                  try {
                    await handler(data as never, { id: job.id });
                    opts.logger?.debug(
                      { queue: name, jobId: job.id, ms: Math.round(performance.now() - started) },
                      'job done',
                    );
                  } catch (err) {
                    opts.logger?.warn(
                      { queue: name, jobId: job.id, err: (err as Error).message },
                      'job failed',
                    );
                    throw err;
                  }
                },
              );
            }
          }),
      );
      localWorkers.set(name, [...(localWorkers.get(name) ?? []), workerId]);
    },
    async stop(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // A fetch that was on its way when the stop began: its statement, then the job it brought, then the job's
      // completion (each begins in the same tick as the one before ends, so the count never reads 0 between them).
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

/**
 * Each queue's waiting and active jobs and how long the oldest job due now has waited (for /metrics). Jobs delayed on
 * purpose (start_after in the future) do not count as waiting.
 */
export async function queueStats(handle: DatabaseHandle): Promise<QueueStat[]> {
  const { rows } = await handle.query(
    `select name,
       count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
       count(*) filter (where state = 'active')::int as active,
       coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest
     from pgboss.job where state in ('created', 'retry', 'active') group by name`,
    [],
  );
  return rows.map((r) => ({
    queue: String(r.name),
    waiting: Number(r.waiting),
    active: Number(r.active),
    oldestWaitingSeconds: Number(r.oldest),
  }));
}
