import { defineWorker } from '../../jobs/job-worker';
import { REFUND_JOB, refundCancelledBooking } from './bookings.service';

export const bookingsWorkers = [
  // A refund the provider refused at cancel time: without `jobs`, a failure throws and the queue retries it.
  defineWorker<{ sessionId: string; by?: 'business' | 'customer' }>(
    REFUND_JOB,
    ({ sessionId, by }, { deps }) => refundCancelledBooking({ ...deps, jobs: undefined }, sessionId, by),
  ),
];
