import { defineWorker } from '../../jobs/job-worker';
import {
  EXTERNAL_CALENDARS_SWEEP_JOB,
  refreshDueCalendars,
  scheduleCalendarSweep,
} from './external-calendars.service';
import {
  GOOGLE_PULL_JOB,
  GOOGLE_SWEEP_JOB,
  pullGoogleConnection,
  scheduleGoogleSweep,
  syncAllGoogleConnections,
} from './google-sync.service';

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
  // Every minute: Google Calendar connections write their jobs, renew channels, read calendars without one (decision
  // 1252). One sweep at a time (stately), so each job is written by one writer.
  defineWorker(
    GOOGLE_SWEEP_JOB,
    async (_data, { deps, queue }) => {
      try {
        await syncAllGoogleConnections(deps);
      } finally {
        await scheduleGoogleSweep(queue);
      }
    },
    { policy: 'stately' },
  ),
  // A push notification's read of what changed in one calendar.
  defineWorker<{ connectionId: string }>(GOOGLE_PULL_JOB, async ({ connectionId }, { deps }) =>
    pullGoogleConnection(deps, connectionId),
  ),
];
