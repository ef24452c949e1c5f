import { defineWorker } from '../../jobs/job-worker';
import { buildExport, DATA_EXPORT_JOB } from './export.service';

export const dataTransferWorkers = [
  // Builds one export's archive; a failure is written on the export row (the owner sees it and may start another).
  defineWorker<{ exportId: string }>(DATA_EXPORT_JOB, ({ exportId }, { deps }) =>
    buildExport(deps, exportId),
  ),
];
