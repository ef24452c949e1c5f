import { defineWorker } from '../../jobs/job-worker';
import type { JobQueue } from '../../jobs/queue';
import { extendAllSeries } from './series-booking.service';
import { chargeMissedVisits } from './series-charges.service';

export const SERIES_EXTEND_JOB = 'series.extend';

export interface SeriesExtendJob {
  /** The UTC hour (YYYY-MM-DDTHH) this run is for; its key keeps one run per hour across instances. */
  hour: string;
}

const hourOf = (d: Date) => d.toISOString().slice(0, 13);

/** Queues the next hourly run; a run already queued for that hour is not queued again. */
export async function scheduleSeriesExtension(jobs: JobQueue, now = new Date()) {
  const next = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  await jobs.send<SeriesExtendJob>(
    SERIES_EXTEND_JOB,
    { hour: hourOf(next) },
    {
      singletonKey: `series-extend:${hourOf(next)}`,
      startAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)),
    },
  );
}

/**
 * Repeat visits' rolling horizon (issue 32): every active series books the dates that came within the business's
 * horizon (each date decided once), completed visits whose charge did not go through are retried, then the next run.
 */
export const seriesExtendWorker = defineWorker<SeriesExtendJob>(
  SERIES_EXTEND_JOB,
  async (_data, { deps, queue }) => {
    await extendAllSeries(deps);
    await chargeMissedVisits(deps);
    await scheduleSeriesExtension(queue);
  },
);

export const seriesWorkers = [seriesExtendWorker];
