import type { AppDeps } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { CAMPAIGN_SEND_JOB, type CampaignSendJob, runCampaignSend } from './campaign-send.service';

export async function registerCampaignWorkers(queue: JobQueue, deps: AppDeps) {
  await queue.work<CampaignSendJob>(CAMPAIGN_SEND_JOB, (data) => runCampaignSend(deps, data));
}
