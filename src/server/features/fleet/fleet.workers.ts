import { defineWorker } from '../../jobs/job-worker';
import type { JobQueue } from '../../jobs/queue';
import { runMonthlyFleetInvoices } from './fleet.service';

export const FLEET_INVOICES_JOB = 'fleet.monthly-invoices';

const hourOf = (d: Date) => d.toISOString().slice(0, 13);

/** Queues the next hourly run (the first of a month begins at a different hour in each business's zone). */
export async function scheduleFleetInvoices(jobs: JobQueue, now = new Date()) {
  const next = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  await jobs.send<{ hour: string }>(
    FLEET_INVOICES_JOB,
    { hour: hourOf(next) },
    {
      singletonKey: `fleet-invoices:${hourOf(next)}`,
      startAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)),
    },
  );
}

/** Fleet accounts' monthly invoices (issue 32), then the next hour's run; each invoice is made and sent once. */
export const fleetWorkers = [
  defineWorker<{ hour: string }>(FLEET_INVOICES_JOB, async (_data, { deps, queue }) => {
    await runMonthlyFleetInvoices(deps);
    await scheduleFleetInvoices(queue);
  }),
];
