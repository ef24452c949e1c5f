import { defineWorker } from '../../jobs/job-worker';
import { ACCOUNT_PURGE_JOB, purgeClosedAccounts, scheduleAccountPurge } from './closure.service';
import { buildExport, DATA_EXPORT_JOB } from './export.service';

export const dataTransferWorkers = [
  // Builds one export's archive; a failure is written on the export row (the owner sees it and may start another).
  defineWorker<{ exportId: string }>(DATA_EXPORT_JOB, ({ exportId }, { deps }) =>
    buildExport(deps, exportId),
  ),
  // Every hour: the closed accounts whose 30 days have passed are deleted (decision 1236).
  defineWorker(
    ACCOUNT_PURGE_JOB,
    async (_data, { deps, queue }) => {
      try {
        await purgeClosedAccounts(deps);
      } finally {
        await scheduleAccountPurge(queue);
      }
    },
    { policy: 'stately' },
  ),
];
