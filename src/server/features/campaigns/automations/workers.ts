import { defineWorker } from '../../../jobs/job-worker';
import type { JobQueue } from '../../../jobs/queue';
import { planInvoiceReminders } from '../../invoices/invoice-sending.service';
import { type AutomationDeps, deliverDueMessages } from './message-queue';
import { planReminders } from './reminders';
import { planWinback } from './win-back';

// The automations tick: one stately job that plans what is due and delivers it, then queues the next tick.

export const AUTOMATIONS_TICK_JOB = 'messaging.automations-tick';
/** How often the tick runs unless AUTOMATIONS_TICK_SECONDS says otherwise: reminders go out at most this late. */
export const TICK_SECONDS = 60;
const DELIVERY_SLICE_MS = 30_000;

/** Win-back looks back days, not minutes: each instance plans it at most this often. */
const WINBACK_EVERY_MS = 15 * 60_000;
const lastWinback = new WeakMap<object, number>();

/** One pass: plan due reminders and overdue invoice reminders (decision 0956) (and win-backs, every 15 minutes), then deliver every due automated message. */
export async function runAutomations(deps: AutomationDeps, now = new Date()) {
  await planReminders(deps, now);
  await planInvoiceReminders(deps, now);
  const last = lastWinback.get(deps.db);
  if (last === undefined || now.getTime() - last >= WINBACK_EVERY_MS) {
    lastWinback.set(deps.db, now.getTime());
    await planWinback(deps, now);
  }
  return deliverDueMessages(deps, now, 500, DELIVERY_SLICE_MS);
}

/**
 * Queues the next tick. The queue is 'stately': however many instances start or re-queue, at most one tick waits,
 * and the chain lives in the database across restarts.
 */
export async function scheduleAutomationsTick(jobs: JobQueue, startAfterSeconds = TICK_SECONDS) {
  await jobs.send(
    AUTOMATIONS_TICK_JOB,
    {},
    // A tick whose instance died is retried after 90 s (decision 1263): messages a crash left pending (a booking's
    // confirmation) go out within two minutes. A tick delivers for at most DELIVERY_SLICE_MS, well inside that.
    { policy: 'stately', startAfterSeconds, retryLimit: 5, expireInSeconds: 90 },
  );
}

export const automationsTickWorker = defineWorker(
  AUTOMATIONS_TICK_JOB,
  async (_data, { deps, queue }) => {
    try {
      await runAutomations(deps);
    } finally {
      await scheduleAutomationsTick(queue, deps.automationsTickSeconds ?? TICK_SECONDS);
    }
  },
  { policy: 'stately' },
);
