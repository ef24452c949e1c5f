import { defineWorker } from '../../jobs/job-worker';
import type { JobQueue } from '../../jobs/queue';
import { runMembershipBilling } from './membership-billing.service';

export const MEMBERSHIP_BILLING_JOB = 'memberships.billing';

export interface MembershipBillingJob {
  /** The UTC hour (YYYY-MM-DDTHH) this run is for; its key keeps one run per hour across instances. */
  hour: string;
}

const hourOf = (d: Date) => d.toISOString().slice(0, 13);

/** Queues the next hourly renewal run; a run already queued for that hour is not queued again. */
export async function scheduleMembershipBilling(jobs: JobQueue, now = new Date()) {
  const next = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  await jobs.send<MembershipBillingJob>(
    MEMBERSHIP_BILLING_JOB,
    { hour: hourOf(next) },
    {
      singletonKey: `membership-billing:${hourOf(next)}`,
      startAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)),
    },
  );
}

/**
 * Renewals, hold ends and dunning retries of maintenance plans (issue 32), then the next hour's run. Every charge is
 * claimed by its own unique row, so a replayed or doubled run bills nothing twice.
 */
export const membershipBillingWorker = defineWorker<MembershipBillingJob>(
  MEMBERSHIP_BILLING_JOB,
  async (_data, { deps, queue }) => {
    await runMembershipBilling(deps);
    await scheduleMembershipBilling(queue);
  },
);

export const membershipsWorkers = [membershipBillingWorker];
