import { automationsTickWorker } from './automations/workers';
import { campaignSendWorker } from './campaign-jobs';
import { platformEmailWorker } from './platform-email';

export const campaignsWorkers = [campaignSendWorker, automationsTickWorker, platformEmailWorker];
