import { defineWorker } from '../../jobs/job-worker';
import { IDEMPOTENCY_PURGE_JOB, purgeIdempotencyKeys, scheduleIdempotencyPurge } from './idempotency-purge';

export const fieldWorkers = [
  // Once a day: idempotency receipts past their 30 days (decision 1210); the next purge is queued whatever happens.
  defineWorker(
    IDEMPOTENCY_PURGE_JOB,
    async (_data, { deps, queue }) => {
      try {
        await purgeIdempotencyKeys(deps.db);
      } finally {
        await scheduleIdempotencyPurge(queue);
      }
    },
    { policy: 'stately' },
  ),
];
