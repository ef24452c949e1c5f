import { defineWorker } from '../../jobs/job-worker';
import {
  EXTERNAL_CALENDARS_SWEEP_JOB,
  refreshDueCalendars,
  scheduleCalendarSweep,
} from './external-calendars.service';

export const calendarSyncWorkers = [
  // Every few minutes: read the subscribed calendars that are due (decision 1221), then plan the next sweep.
  defineWorker(
    EXTERNAL_CALENDARS_SWEEP_JOB,
    async (_data, { deps, queue }) => {
      try {
        await refreshDueCalendars(deps);
      } finally {
        await scheduleCalendarSweep(queue);
      }
    },
    { policy: 'stately' },
  ),
];
