import { billingWorkers } from '../features/billing/billing.workers';
import { bookingsWorkers } from '../features/bookings/bookings.workers';
import { brandingWorkers } from '../features/branding/branding.workers';
import { calendarSyncWorkers } from '../features/calendar-sync/calendar-sync.workers';
import { campaignsWorkers } from '../features/campaigns/campaigns.workers';
import { dataTransferWorkers } from '../features/data-transfer/data-transfer.workers';
import { fieldWorkers } from '../features/field/field.workers';
import { fleetWorkers } from '../features/fleet/fleet.workers';
import { insightsWorkers } from '../features/insights/insights.workers';
import { invoicesWorkers } from '../features/invoices/invoices.workers';
import { membershipsWorkers } from '../features/memberships/memberships.workers';
import { payoutsWorkers } from '../features/payouts/payouts.workers';
import { resumeSeoWork, seoWorkers } from '../features/seo/seo.workers';
import { seriesWorkers } from '../features/series/series.workers';
import { serviceAreasWorkers } from '../features/service-areas/service-areas.workers';
import { webhooksWorkers } from '../features/webhooks/webhooks.workers';
import type { AppDeps } from '../http/context';
import type { JobWorker } from './job-worker';
import type { JobQueue } from './queue';

/**
 * Every queue's handler, one list per feature (decision 1162). A feature declares its handlers in its
 * `<feature>.workers.ts` as `export const <feature>Workers = [defineWorker(...)]` and gets one line here; this file is
 * the only place that registers a handler on the queue (scripts/one-way.test.ts).
 */
export const WORKERS: readonly JobWorker[] = [
  ...seoWorkers,
  ...campaignsWorkers,
  ...payoutsWorkers,
  ...bookingsWorkers,
  ...invoicesWorkers,
  ...serviceAreasWorkers,
  ...billingWorkers,
  ...webhooksWorkers,
  ...fieldWorkers,
  ...dataTransferWorkers,
  ...membershipsWorkers,
  ...fleetWorkers,
  ...insightsWorkers,
  ...calendarSyncWorkers,
  ...seriesWorkers,
  ...brandingWorkers,
];

export async function registerWorkers(queue: JobQueue, deps: AppDeps): Promise<void> {
  for (const worker of WORKERS) {
    await queue.work<object>(
      worker.job,
      (data, job) => worker.run(data, { deps, queue, jobId: job.id }).then(() => {}),
      worker.options,
    );
  }
  // Work a stopped server left behind is queued again once every handler is in place.
  await resumeSeoWork(queue, deps);
}
