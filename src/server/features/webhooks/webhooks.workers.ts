import { defineWorker } from '../../jobs/job-worker';
import {
  deliverDueWebhooks,
  deliverWebhook,
  scheduleWebhooksSweep,
  WEBHOOK_DELIVER_JOB,
  WEBHOOKS_SWEEP_JOB,
} from './webhooks.service';

export const webhooksWorkers = [
  // One delivery attempt; the service schedules the next one itself (decision 1202), so the job is never retried.
  defineWorker<{ deliveryId: string }>(WEBHOOK_DELIVER_JOB, ({ deliveryId }, { deps }) =>
    deliverWebhook(deps, deliveryId),
  ),
  // Every minute: what is due and was not sent by its own job (queued after a crash, or written in a transaction).
  defineWorker(
    WEBHOOKS_SWEEP_JOB,
    async (_data, { deps, queue }) => {
      try {
        await deliverDueWebhooks(deps);
      } finally {
        await scheduleWebhooksSweep(queue);
      }
    },
    { policy: 'stately' },
  ),
];
