import {
  CRM_BOOSTER_RENEW_JOB,
  type CrmBoosterRenewJob,
  renewCrmBooster,
} from '../features/billing/add-ons.service';
import { REFUND_JOB, refundCancelledBooking } from '../features/bookings/bookings.service';
import { registerAutomationWorkers } from '../features/campaigns/automations/workers';
import { registerCampaignWorkers } from '../features/campaigns/campaign-jobs';
import { completeInvoicePayment, INVOICE_SETTLE_JOB } from '../features/invoices/document-payments.service';
import { registerPayoutWorkers } from '../features/payouts/payouts-jobs';
import { registerSeoWorkers } from '../features/seo/generation/seo-jobs';
import {
  LAUNCH_EMAILS_JOB,
  type LaunchEmailsJob,
  sendLaunchEmails,
} from '../features/service-areas/launch-emails.job';
import type { AppDeps } from '../http/context';
import type { JobQueue } from './queue';

/**
 * Registers every feature's job handlers on the queue. Features add a line here:
 *   await queue.work('feature.job-name', (data) => handleIt(deps, data));
 */
export async function registerWorkers(queue: JobQueue, deps: AppDeps): Promise<void> {
  await registerSeoWorkers(queue, deps);
  await registerCampaignWorkers(queue, deps);
  await registerAutomationWorkers(queue, deps);
  await registerPayoutWorkers(queue, deps);
  // A refund the provider refused at cancel time: without `jobs`, a failure throws and pg-boss retries it.
  await queue.work<{ sessionId: string; by?: 'business' | 'customer' }>(
    REFUND_JOB,
    async ({ sessionId, by }) => {
      await refundCancelledBooking({ ...deps, jobs: undefined }, sessionId, by);
    },
  );
  // An invoice checkout whose refund the provider refused (decision 0930): without `jobs` a failure throws, and retries.
  await queue.work<{ sessionId: string }>(INVOICE_SETTLE_JOB, async ({ sessionId }) => {
    await completeInvoicePayment({ ...deps, jobs: undefined }, sessionId);
  });
  await queue.work<LaunchEmailsJob>(LAUNCH_EMAILS_JOB, async (data) => {
    await sendLaunchEmails(deps, data);
  });
  // The test-mode CRM booster's next month, due when the month in progress ends (docs/decisions/1156).
  await queue.work<CrmBoosterRenewJob>(CRM_BOOSTER_RENEW_JOB, async (data) => {
    await renewCrmBooster(deps, data);
  });
}
