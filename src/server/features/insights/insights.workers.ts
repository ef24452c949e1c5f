import { defineWorker } from '../../jobs/job-worker';
import type { JobQueue } from '../../jobs/queue';
import { sendWeeklyDigests } from './insights.service';

export const INSIGHTS_TICK_JOB = 'insights.tick';
/** An hourly look for businesses whose Monday 07:00 has come (docs/decisions/1241). */
const TICK_SECONDS = 60 * 60;

/** One tick waiting however many instances start ('stately'): the next is queued when one ends. */
export async function scheduleInsightsTick(jobs: JobQueue, startAfterSeconds = TICK_SECONDS) {
  await jobs.send(
    INSIGHTS_TICK_JOB,
    {},
    { policy: 'stately', startAfterSeconds, retryLimit: 1, expireInSeconds: 15 * 60 },
  );
}

export const insightsWorkers = [
  defineWorker(
    INSIGHTS_TICK_JOB,
    async (_data, { deps, queue }) => {
      try {
        await sendWeeklyDigests(deps);
      } finally {
        await scheduleInsightsTick(queue);
      }
    },
    { policy: 'stately' },
  ),
];
