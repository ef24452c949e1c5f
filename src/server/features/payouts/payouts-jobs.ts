import { defineWorker } from '../../jobs/job-worker';
import type { JobQueue } from '../../jobs/queue';
import { runDailyTestPayouts } from './payouts.service';

export const DAILY_TEST_PAYOUTS_JOB = 'payouts.daily-test-payouts';

const secondsToNextUtcMidnight = (now = new Date()) => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
};

/** Queues the next simulated daily payout (00:00 UTC); the key keeps one per day however many instances start. */
export async function scheduleDailyTestPayouts(jobs: JobQueue, after?: string) {
  const startAfterSeconds = secondsToNextUtcMidnight();
  const day = new Date(Date.now() + startAfterSeconds * 1000).toISOString().slice(0, 10);
  // A run that started before its own day (a queue that ignores startAfter) does not queue the same day again.
  if (day === after) return;
  await jobs.send<DailyTestPayoutsJob>(
    DAILY_TEST_PAYOUTS_JOB,
    { day },
    { singletonKey: `daily-test-payouts:${day}`, startAfterSeconds },
  );
}

export interface DailyTestPayoutsJob {
  /** The UTC day (YYYY-MM-DD) this run is for. */
  day: string;
}

/** Test mode's stand-in for Stripe's daily payout schedule: every test-mode balance is paid out, then tomorrow's run is queued. */
export const dailyTestPayoutsWorker = defineWorker<DailyTestPayoutsJob>(
  DAILY_TEST_PAYOUTS_JOB,
  async (data, { deps, queue }) => {
    if (deps.payments.kind !== 'test') return;
    const { paid } = await runDailyTestPayouts(deps.db);
    if (paid > 0) console.log(`Test-mode payouts: ${paid} business(es) paid out`);
    await scheduleDailyTestPayouts(queue, data.day);
  },
);
