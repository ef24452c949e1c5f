import { defineWorker } from '../../jobs/job-worker';
import { LAUNCH_EMAILS_JOB, type LaunchEmailsJob, sendLaunchEmails } from './launch-emails.job';

export const serviceAreasWorkers = [
  defineWorker<LaunchEmailsJob>(LAUNCH_EMAILS_JOB, (data, { deps }) => sendLaunchEmails(deps, data)),
];
