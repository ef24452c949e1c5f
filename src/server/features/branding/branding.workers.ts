import { defineWorker } from '../../jobs/job-worker';
import type { JobQueue } from '../../jobs/queue';
import { recheckVerifiedDomains } from './custom-domain-recheck';

export const DOMAIN_RECHECK_JOB = 'branding.domain-recheck';
/** An hourly look for verified domains last checked a day ago or more (decision 1342). */
const TICK_SECONDS = 60 * 60;

/** One tick waiting however many instances start ('stately'): the next is queued when one ends. */
export async function scheduleDomainRecheck(jobs: JobQueue, startAfterSeconds = TICK_SECONDS) {
  await jobs.send(
    DOMAIN_RECHECK_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 15 * 60 },
  );
}

export const brandingWorkers = [
  defineWorker(
    DOMAIN_RECHECK_JOB,
    async (_data, { deps, queue }) => {
      try {
        await recheckVerifiedDomains(deps);
      } finally {
        await scheduleDomainRecheck(queue);
      }
    },
    { policy: 'stately' },
  ),
];
