import { dailyTestPayoutsWorker } from './payouts-jobs';

export const payoutsWorkers = [dailyTestPayoutsWorker];
