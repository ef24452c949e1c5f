import { defineWorker } from '../../jobs/job-worker';
import { CAMPAIGN_SEND_JOB, type CampaignSendJob, runCampaignSend } from './campaign-send.service';

export const campaignSendWorker = defineWorker<CampaignSendJob>(CAMPAIGN_SEND_JOB, (data, { deps }) =>
  runCampaignSend(deps, data),
);
