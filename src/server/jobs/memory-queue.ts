import type { JobHandler, JobQueue } from './queue';

/**
 * A job queue held in memory, for tests: jobs wait until `drain()` runs them, so a test decides when
 * "later" is. Implements the same interface as the pg-boss queue.
 */
export function createMemoryJobQueue() {
  const handlers = new Map<string, JobHandler<object>>();
  const pending: Array<{ id: string; name: string; data: object }> = [];
  // Jobs sent with a start delay wait here until the test says their time has come (`releaseDelayed()`).
  const delayed: Array<{ id: string; name: string; data: object }> = [];
  const sent: Array<{ name: string; data: object }> = [];
  let nextId = 0;

  const queue: JobQueue & {
    sent: typeof sent;
    pending(): number;
    delayed(): number;
    releaseDelayed(): void;
    drain(): Promise<void>;
  } = {
    sent,
    pending: () => pending.length,
    delayed: () => delayed.length,
    releaseDelayed: () => {
      pending.push(...delayed.splice(0));
    },
    async send(name, data, options) {
      // As pg-boss's 'stately' queues: a send while a job of that name waits is dropped.
      if (options?.policy === 'stately' && pending.some((job) => job.name === name)) return null;
      const id = String(++nextId);
      ((options?.startAfterSeconds ?? 0) > 0 ? delayed : pending).push({ id, name, data });
      sent.push({ name, data });
      return id;
    },
    async work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    /** Runs every waiting job (and any they queue) once; a handler's error fails the drain. */
    async drain() {
      while (pending.length > 0) {
        const job = pending.shift()!;
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`No worker registered for job "${job.name}"`);
        await handler(job.data, { id: job.id });
      }
    },
    async stop() {},
  };
  return queue;
}

export type MemoryJobQueue = ReturnType<typeof createMemoryJobQueue>;
