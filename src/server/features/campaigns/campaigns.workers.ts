import { automationsTickWorker } from './automations/workers';
import { campaignSendWorker } from './campaign-jobs';

export const campaignsWorkers = [campaignSendWorker, automationsTickWorker];
