import { defineWorker } from '../../jobs/job-worker';
import { CRM_BOOSTER_RENEW_JOB, type CrmBoosterRenewJob, renewCrmBooster } from './add-ons.service';

export const billingWorkers = [
  // The test-mode CRM booster's next month, due when the month in progress ends (docs/decisions/1156).
  defineWorker<CrmBoosterRenewJob>(CRM_BOOSTER_RENEW_JOB, (data, { deps }) => renewCrmBooster(deps, data)),
];
