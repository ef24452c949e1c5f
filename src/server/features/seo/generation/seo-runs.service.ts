import { and, desc, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import {
  ADMIN_PAGE_LIST_LIMIT,
  POPULAR_VEHICLES,
  pageSlug,
  pageTitle,
  SEO_BATCH_SIZE,
  SEO_TEXT,
} from '../../../../shared/seo.constants';
import type { AdminGenerateInputParsed } from '../../../../shared/seo.schemas';
import type { Database } from '../../../db/client';
import { escapeLike } from '../../../db/like';
import { citySeoPages, seoGenerationRuns } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { assertUuid } from '../../../http/ids';
import { afterCursor, cursorText, pageOf, type SortKey } from '../../../http/lists';
import type { ContentGenerator } from '../../../providers/content/content-generator';
import { sanitizeContent } from '../../../providers/content/sanitize';
import { type AuditEntry, recordAudit } from '../../admin-users/audit.service';
import { pageListColumns } from '../pages/seo-pages.service';
import { largestCities } from '../seo-geo';
import { pageContext } from './seo-context';

type Run = typeof seoGenerationRuns.$inferSelect;
type Vehicle = { make: string; model: string } | null;

/** A worker that has not written progress for this long is presumed gone; another may take the run over. */
export const STALE_AFTER_SECONDS = 60;
const ACTIVE: Run['status'][] = ['queued', 'running'];

/** The pages of a run, in a fixed order: state × city, then keyword, then vehicle (or none). */
export function runPlan(run: Pick<Run, 'cities' | 'keywords' | 'targetVehicles'>) {
  const vehicles: Vehicle[] = run.targetVehicles
    ? POPULAR_VEHICLES.map((v) => ({ make: v.make, model: v.model }))
    : [null];
  const total = run.cities.length * run.keywords.length * vehicles.length;
  const pageAt = (index: number) => {
    const v = index % vehicles.length;
    const k = Math.floor(index / vehicles.length) % run.keywords.length;
    const c = Math.floor(index / (vehicles.length * run.keywords.length));
    const place = run.cities[c]!;
    return { keyword: run.keywords[k]!, city: place.city, state: place.state, vehicle: vehicles[v]! };
  };
  return { total, pageAt };
}

/**
 * Starts a platform generation (§7 generate-seo-content from Admin SEO): records the plan, queues the job and
 * answers at once with the job id and totalPages. One platform run at a time.
 */
export async function startPlatformRun(
  db: Database,
  opts: {
    requestedBy: string;
    /** The admin, for the audit log. */
    actor?: AuditActor;
    input: AdminGenerateInputParsed;
    citiesPerState: number;
    enqueue: (runId: string) => Promise<string | null>;
  },
) {
  const [active] = await db
    .select({ id: seoGenerationRuns.id })
    .from(seoGenerationRuns)
    .where(and(isNull(seoGenerationRuns.businessId), inArray(seoGenerationRuns.status, ACTIVE)))
    .limit(1);
  if (active) throw conflict(SEO_TEXT.runInProgress);
  const states = [...new Set(opts.input.selectedStates)];
  const cities = states.flatMap((state) =>
    largestCities(state, opts.citiesPerState).map((c) => ({ city: c.name, state: c.state as string })),
  );
  const keywords = [...new Set(opts.input.keywords.map((k) => k.toLowerCase()))].map(
    (k) => opts.input.keywords.find((orig) => orig.toLowerCase() === k)!,
  );
  const plan = runPlan({ cities, keywords, targetVehicles: opts.input.targetVehicles });
  const [run] = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(seoGenerationRuns)
      .values({
        requestedBy: opts.requestedBy,
        keywords,
        states,
        targetVehicles: opts.input.targetVehicles,
        cities,
        batchSize: SEO_BATCH_SIZE,
        totalPages: plan.total,
        status: plan.total === 0 ? 'complete' : 'queued',
        finishedAt: plan.total === 0 ? new Date() : null,
      })
      .returning();
    if (opts.actor) {
      await recordAudit(tx, {
        actor: opts.actor,
        action: 'seo.generate',
        targetType: 'seo_run',
        targetId: rows[0]!.id,
        after: { keywords, states, targetVehicles: opts.input.targetVehicles, totalPages: plan.total },
      });
    }
    return rows;
  });
  const jobId = plan.total === 0 ? null : await opts.enqueue(run!.id);
  if (jobId) await db.update(seoGenerationRuns).set({ jobId }).where(eq(seoGenerationRuns.id, run!.id));
  return { jobId, runId: run!.id, totalPages: plan.total };
}

export function toRunDto(run: Run) {
  return {
    id: run.id,
    status: run.status,
    keywords: run.keywords,
    states: run.states,
    targetVehicles: run.targetVehicles,
    totalPages: run.totalPages,
    processedPages: run.processedPages,
    createdPages: run.createdPages,
    skippedPages: run.skippedPages,
    progress: run.totalPages === 0 ? 100 : Math.floor((run.processedPages / run.totalPages) * 100),
    errorMessage: run.errorMessage,
    jobId: run.jobId,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function getPlatformRun(db: Database, runId: string) {
  assertUuid(runId, 'Generation not found');
  const [run] = await db
    .select()
    .from(seoGenerationRuns)
    .where(and(eq(seoGenerationRuns.id, runId), isNull(seoGenerationRuns.businessId)));
  if (!run) throw notFound('Generation not found');
  return run;
}

/** The newest platform run (what the progress bar shows after a reload), or null. */
export async function latestPlatformRun(db: Database) {
  const [run] = await db
    .select()
    .from(seoGenerationRuns)
    .where(isNull(seoGenerationRuns.businessId))
    .orderBy(desc(seoGenerationRuns.createdAt))
    .limit(1);
  return run ?? null;
}

class ClaimLost extends Error {}

export type RunOutcome = 'complete' | 'continue' | 'not-claimed' | 'stopped' | 'error';

/**
 * Works through a run in batches of 10. Each batch's pages and the run's progress are written in one transaction,
 * and pages are inserted with ON CONFLICT (slug) DO NOTHING, so a worker that dies mid-run loses at most the batch
 * it was writing and its successor neither skips nor duplicates a page. After `sliceMs` the run is handed back
 * ('continue') so the caller can queue the next slice; long runs never hold one job for minutes.
 */
export async function processRun(
  db: Database,
  generator: ContentGenerator,
  runId: string,
  workerId: string,
  opts: { takeover?: boolean; sliceMs?: number; stopAfterBatches?: number } = {},
): Promise<RunOutcome> {
  const staleBefore = sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`;
  const [run] = await db
    .update(seoGenerationRuns)
    .set({
      status: 'running',
      claimedBy: workerId,
      heartbeatAt: new Date(),
      startedAt: sql`coalesce(${seoGenerationRuns.startedAt}, now())`,
    })
    .where(
      and(
        eq(seoGenerationRuns.id, runId),
        inArray(seoGenerationRuns.status, ACTIVE),
        opts.takeover
          ? undefined
          : or(
              isNull(seoGenerationRuns.claimedBy),
              eq(seoGenerationRuns.claimedBy, workerId),
              lt(seoGenerationRuns.heartbeatAt, staleBefore),
            ),
      ),
    )
    .returning();
  if (!run) return 'not-claimed';

  const plan = runPlan(run);
  const started = Date.now();
  let processed = run.processedPages;
  let batches = 0;
  try {
    while (processed < run.totalPages) {
      if (opts.stopAfterBatches !== undefined && batches >= opts.stopAfterBatches) return 'stopped';
      if (opts.sliceMs !== undefined && Date.now() - started >= opts.sliceMs) {
        await db
          .update(seoGenerationRuns)
          .set({ claimedBy: null })
          .where(and(eq(seoGenerationRuns.id, runId), eq(seoGenerationRuns.claimedBy, workerId)));
        return 'continue';
      }
      const end = Math.min(processed + run.batchSize, run.totalPages);
      const rows = await Promise.all(
        Array.from({ length: end - processed }, (_, i) =>
          buildPage(generator, run, plan.pageAt(processed + i)),
        ),
      );
      const from = processed;
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(citySeoPages)
          .values(rows)
          .onConflictDoNothing({ target: citySeoPages.slug })
          .returning({ id: citySeoPages.id });
        const [updated] = await tx
          .update(seoGenerationRuns)
          .set({
            processedPages: end,
            createdPages: sql`${seoGenerationRuns.createdPages} + ${inserted.length}`,
            skippedPages: sql`${seoGenerationRuns.skippedPages} + ${rows.length - inserted.length}`,
            heartbeatAt: new Date(),
          })
          .where(
            and(
              eq(seoGenerationRuns.id, runId),
              eq(seoGenerationRuns.claimedBy, workerId),
              eq(seoGenerationRuns.status, 'running'),
              eq(seoGenerationRuns.processedPages, from),
            ),
          )
          .returning({ id: seoGenerationRuns.id });
        // Cancelled (Delete All) or taken over by another worker: this batch is rolled back.
        if (!updated) throw new ClaimLost();
      });
      processed = end;
      batches++;
      // Yield to the event loop between batches: with the embedded database every query resolves without I/O,
      // and without this pause a long run would hold up every HTTP request until it ended.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await db
      .update(seoGenerationRuns)
      .set({ status: 'complete', finishedAt: new Date(), claimedBy: null })
      .where(and(eq(seoGenerationRuns.id, runId), eq(seoGenerationRuns.claimedBy, workerId)));
    return 'complete';
  } catch (err) {
    if (err instanceof ClaimLost) return 'stopped';
    console.warn(`seo: generation ${runId} failed:`, err instanceof Error ? err.message : err);
    await db
      .update(seoGenerationRuns)
      .set({
        status: 'error',
        errorMessage: SEO_TEXT.adminGenerationFailed.fallback,
        finishedAt: new Date(),
        claimedBy: null,
      })
      .where(and(eq(seoGenerationRuns.id, runId), eq(seoGenerationRuns.claimedBy, workerId)));
    return 'error';
  }
}

async function buildPage(
  generator: ContentGenerator,
  run: Run,
  page: { keyword: string; city: string; state: string; vehicle: Vehicle },
): Promise<typeof citySeoPages.$inferInsert> {
  const slug = pageSlug(page);
  const base = {
    businessId: null,
    city: page.city,
    state: page.state,
    keywords: [page.keyword],
    pageTitle: pageTitle(page),
    slug,
    vehicleMake: page.vehicle?.make ?? null,
    vehicleModel: page.vehicle?.model ?? null,
    generationRunId: run.id,
  };
  try {
    const ctx = pageContext({ ...base, keyword: page.keyword, business: null });
    const content = await generator.generate(ctx);
    const html = sanitizeContent(content.html);
    if (!html.trim()) throw new Error('the generator returned no content');
    return {
      ...base,
      status: 'complete',
      content: html,
      faq: content.faq,
      metaDescription: content.metaDescription,
    };
  } catch (err) {
    console.warn(`seo: content generation failed for ${slug}:`, err instanceof Error ? err.message : err);
    return { ...base, status: 'error' };
  }
}

/** Runs left queued or running by a stopped server, and how long until their worker counts as gone. */
export async function interruptedRuns(db: Database) {
  const rows = await db
    .select({
      id: seoGenerationRuns.id,
      waitSeconds:
        sql<number>`greatest(0, ${STALE_AFTER_SECONDS} - extract(epoch from now() - coalesce(${seoGenerationRuns.heartbeatAt}, ${seoGenerationRuns.createdAt})))`.mapWith(
          Number,
        ),
    })
    .from(seoGenerationRuns)
    .where(inArray(seoGenerationRuns.status, ACTIVE));
  return rows;
}

/**
 * Platform pages newest first, at most 100 (§7), optionally searched by title, city or state (code or name) through
 * the trigram index on search_text. `hasMore` says whether more pages match than are listed.
 */
const NEWEST_FIRST: SortKey[] = [
  { column: citySeoPages.createdAt, kind: 'timestamp' },
  { column: citySeoPages.id, kind: 'uuid' },
];

/** Platform pages, newest first, a page at a time (ADMIN_PAGE_LIST_LIMIT unless asked), `q` on title, city or state. */
export async function listPlatformPages(
  db: Database,
  query: { q?: string; cursor?: string; limit?: number } = {},
) {
  const term = (query.q ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  const limit = query.limit ?? ADMIN_PAGE_LIST_LIMIT;
  const rows = await db
    .select({ ...pageListColumns, at: cursorText(citySeoPages.createdAt) })
    .from(citySeoPages)
    .where(
      and(
        isNull(citySeoPages.businessId),
        term ? like(citySeoPages.searchText, `%${escapeLike(term)}%`) : undefined,
        afterCursor(query.cursor, NEWEST_FIRST, 'desc'),
      ),
    )
    .orderBy(desc(citySeoPages.createdAt), desc(citySeoPages.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit, (r) => [r.at, r.id]);
  return { items: page.items.map(({ at: _, ...row }) => row), nextCursor: page.nextCursor };
}

type AuditActor = AuditEntry['actor'];

/** Deletes one platform page (an owner's page is not the admin's to delete here: 404). Returns its slug. */
export async function deletePlatformPage(db: Database, pageId: string, actor?: AuditActor) {
  assertUuid(pageId, 'SEO page not found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(citySeoPages)
      .where(and(eq(citySeoPages.id, pageId), isNull(citySeoPages.businessId)))
      .returning({ slug: citySeoPages.slug, pageTitle: citySeoPages.pageTitle });
    if (!row) throw notFound('SEO page not found');
    if (actor) {
      await recordAudit(tx, {
        actor,
        action: 'seo.delete_page',
        targetType: 'seo_page',
        targetId: pageId,
        targetLabel: row.slug,
        before: { slug: row.slug, pageTitle: row.pageTitle },
      });
    }
    return row.slug;
  });
}

/** Delete All Generated Pages: every platform page; a generation still running is cancelled first. */
export async function deleteAllPlatformPages(db: Database, actor?: AuditActor) {
  return db.transaction(async (tx) => {
    await tx
      .update(seoGenerationRuns)
      .set({ status: 'cancelled', finishedAt: new Date(), claimedBy: null })
      .where(and(isNull(seoGenerationRuns.businessId), inArray(seoGenerationRuns.status, ACTIVE)));
    const result = await tx.execute<{ n: number }>(
      sql`with deleted as (delete from ${citySeoPages} where ${citySeoPages.businessId} is null returning 1) select count(*)::int as n from deleted`,
    );
    const deleted = Number(result.rows[0]?.n ?? 0);
    if (actor)
      await recordAudit(tx, { actor, action: 'seo.delete_all', targetType: 'seo_page', after: { deleted } });
    return deleted;
  });
}
