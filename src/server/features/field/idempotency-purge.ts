import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { idempotencyKeys } from './field.schema';

// Idempotency receipts (decision 1170) are kept 30 days, far past the contract's 7: a phone offline for a week still
// gets its first answer back when its outbox finally sends. Older ones are purged once a day (decision 1210).

export const IDEMPOTENCY_RETENTION_DAYS = 30;
export const IDEMPOTENCY_PURGE_JOB = 'field.idempotency-purge';
const DAY_SECONDS = 24 * 60 * 60;

/** Deletes the receipts (answered or abandoned claims) older than the retention; answers how many went. */
export async function purgeIdempotencyKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * DAY_SECONDS * 1000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** The next purge, one waiting however many instances queue it (a day after the last, or soon after a start). */
export async function scheduleIdempotencyPurge(jobs: JobQueue, startAfterSeconds = DAY_SECONDS) {
  await jobs.send(
    IDEMPOTENCY_PURGE_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 15 * 60 },
  );
}
