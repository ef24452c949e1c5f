import { resumeInterruptedWork, seoPageWorker, seoRenderWorker, seoRunWorker } from './generation/seo-jobs';

export const seoWorkers = [seoRunWorker, seoPageWorker, seoRenderWorker];

/** Queues again the generation work a stopped server left behind; run once the workers are registered. */
export const resumeSeoWork = resumeInterruptedWork;
