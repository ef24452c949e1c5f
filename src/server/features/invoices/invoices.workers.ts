import { defineWorker } from '../../jobs/job-worker';
import { completeInvoicePayment, INVOICE_SETTLE_JOB } from './document-payments.service';

export const invoicesWorkers = [
  // An invoice checkout whose refund the provider refused (decision 0930): without `jobs` a failure throws, and retries.
  defineWorker<{ sessionId: string }>(INVOICE_SETTLE_JOB, ({ sessionId }, { deps }) =>
    completeInvoicePayment({ ...deps, jobs: undefined }, sessionId),
  ),
];
