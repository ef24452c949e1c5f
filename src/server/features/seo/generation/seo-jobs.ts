import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { citySeoPages } from '../../../db/schema';
import type { AppDeps } from '../../../http/context';
import { defineWorker } from '../../../jobs/job-worker';
import type { JobQueue } from '../../../jobs/queue';
import { publicPagesOf, seoOf } from '../seo-settings';
import { generatePageContent } from './page-content';
import { interruptedRuns, processRun, STALE_AFTER_SECONDS } from './seo-runs.service';

export const SEO_JOB = {
  /** One slice of a platform generation run (batches of 10 until the slice's time is up). */
  run: 'seo.generate-run',
  /** The content of one draft page (Marketing Tools' singlePage generation). */
  page: 'seo.generate-page',
  /** Render ahead: complete pages without a current stored render are rendered and stored (decision 309). */
  render: 'seo.render-pages',
} as const;

// A slice lasts ~15 s; a job active for 2 minutes has lost its worker and pg-boss (on PostgreSQL) retries it.
const RUN_JOB = { retryLimit: 5, retryDelaySeconds: 2, expireInSeconds: 120 };
const PAGE_JOB = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 120 };
// One render-ahead pass at a time, in slices of ~2 s; a request for another pass while one waits is dropped.
const RENDER_JOB = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 120, policy: 'stately' as const };
const RENDER_SLICE_MS = 2_000;
// Jobs sent by this process wake its workers at once; the slow poll only picks up jobs queued by other instances
// (or delayed ones). Each poll of the embedded database blocks the event loop for several milliseconds, which
// would otherwise show in the public pages' tail latency (docs/decisions/0306).
const POLL_SECONDS = 10;

/** Senders for the SEO jobs; the queue is required (main.ts always starts it; tests opt in). */
export function seoJobs(queue: JobQueue | undefined) {
  if (!queue)
    throw new Error('The job queue is not running: SEO generation needs it (see src/server/jobs/queue.ts).');
  return {
    generatePage: (pageId: string) => queue.send(SEO_JOB.page, { pageId }, PAGE_JOB),
    generateRun: (runId: string, opts: { takeover?: boolean; startAfterSeconds?: number } = {}) =>
      queue.send(
        SEO_JOB.run,
        { runId, takeover: opts.takeover ?? false },
        { ...RUN_JOB, startAfterSeconds: opts.startAfterSeconds },
      ),
    renderPages: (after = '') => queue.send(SEO_JOB.render, { after }, RENDER_JOB),
  };
}

export const seoRunWorker = defineWorker<{ runId: string; takeover?: boolean }>(
  SEO_JOB.run,
  async (data, { deps, queue, jobId }) => {
    const seo = seoOf(deps);
    const outcome = await processRun(deps.db, seo.content, data.runId, jobId, {
      takeover: data.takeover,
      sliceMs: seo.sliceMs,
    });
    if (outcome === 'continue') await seoJobs(queue).generateRun(data.runId);
    else if (outcome === 'complete') await seoJobs(queue).renderPages();
  },
  { pollingIntervalSeconds: POLL_SECONDS },
);
export const seoPageWorker = defineWorker<{ pageId: string }>(
  SEO_JOB.page,
  async (data, { deps, queue }) => {
    await generatePageContent(deps.db, seoOf(deps).content, data.pageId);
    await seoJobs(queue).renderPages();
  },
  { batchSize: 5, pollingIntervalSeconds: POLL_SECONDS },
);
export const seoRenderWorker = defineWorker<{ after: string }>(
  SEO_JOB.render,
  async (data, { deps, queue }) => {
    const { next } = await publicPagesOf(deps).renderAhead(data.after, RENDER_SLICE_MS);
    if (next !== null) await seoJobs(queue).renderPages(next);
  },
  { pollingIntervalSeconds: POLL_SECONDS, policy: RENDER_JOB.policy },
);

/**
 * At start: queue again the platform runs a stopped server left behind, and the drafts whose content job was lost.
 * With the embedded database this process is the only worker, so a run resumes at once; on PostgreSQL another
 * instance may still be working on it, so the job waits until that worker's heartbeat is stale.
 */
export async function resumeInterruptedWork(queue: JobQueue, deps: AppDeps) {
  const seo = seoOf(deps);
  const send = seoJobs(queue);
  for (const run of await interruptedRuns(deps.db)) {
    await send.generateRun(
      run.id,
      seo.exclusiveDatabase ? { takeover: true } : { startAfterSeconds: Math.ceil(run.waitSeconds) + 1 },
    );
  }
  const drafts = await deps.db
    .select({ id: citySeoPages.id })
    .from(citySeoPages)
    .where(
      and(
        eq(citySeoPages.status, 'draft'),
        isNotNull(citySeoPages.businessId),
        lt(
          citySeoPages.createdAt,
          sql`now() - make_interval(secs => ${seo.exclusiveDatabase ? 0 : STALE_AFTER_SECONDS})`,
        ),
      ),
    )
    .limit(1000);
  for (const d of drafts) await send.generatePage(d.id);
  // Pages imported, restored or left without a current render (a new template, public URL or year).
  await send.renderPages();
}
