import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { citySeoPages, seoGenerationRuns } from '../../../db/schema';
import { createJobQueue } from '../../../jobs/queue';
import { registerWorkers } from '../../../jobs/workers';
import { createTemplateGenerator } from '../../../providers/content/template-generator';
import { createTestContext } from '../../../test/harness';
import { processRun, startPlatformRun } from './seo-runs.service';

// No queue here: each test plays the part of the worker, then of a restarted server.
const t = await createTestContext({ seo: { citiesPerState: 3 } });
const admin = await t.createAdmin();
const generator = createTemplateGenerator();

async function newRun(states: Array<'TX' | 'OH' | 'ME' | 'KS'>, targetVehicles = true) {
  return startPlatformRun(t.db, {
    requestedBy: admin.userId,
    input: { keywords: ['Car Detailing', 'Hand Wash'], selectedStates: states, targetVehicles },
    citiesPerState: 3,
    enqueue: async () => null,
  });
}

async function pagesOf(runId: string) {
  return t.db
    .select({ slug: citySeoPages.slug })
    .from(citySeoPages)
    .where(eq(citySeoPages.generationRunId, runId));
}

async function runRow(runId: string) {
  const [row] = await t.db.select().from(seoGenerationRuns).where(eq(seoGenerationRuns.id, runId));
  return row!;
}

describe('a platform run interrupted and resumed', () => {
  it('a killed worker leaves whole batches; the restarted one finishes without duplicating a page', async () => {
    const { runId, totalPages } = await newRun(['TX', 'OH']);
    expect(totalPages).toBe(2 * 3 * 2 * 25);

    // The first worker writes 7 batches and then "dies": no clean-up, its claim and heartbeat stay behind.
    expect(await processRun(t.db, generator, runId, 'worker-1', { stopAfterBatches: 7 })).toBe('stopped');
    expect((await runRow(runId)).processedPages).toBe(70);
    expect(await pagesOf(runId)).toHaveLength(70);

    // While the dead worker's heartbeat is fresh, a second worker does not take the run over...
    expect(await processRun(t.db, generator, runId, 'worker-2')).toBe('not-claimed');

    // ...and the progress of the last batch was lost, as if the crash came between the insert and the update.
    await t.db.update(seoGenerationRuns).set({ processedPages: 60 }).where(eq(seoGenerationRuns.id, runId));

    // The restarted server takes the run over (embedded database: at once) through the real job queue.
    const queue = await createJobQueue(t.handle, { pollingIntervalSeconds: 0.5 });
    try {
      await registerWorkers(queue, { ...t.deps, jobs: queue });
      const deadline = Date.now() + 30_000;
      while ((await runRow(runId)).status !== 'complete' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
    } finally {
      await queue.stop();
    }

    const run = await runRow(runId);
    expect(run).toMatchObject({ status: 'complete', processedPages: totalPages, claimedBy: null });
    // The 10 pages of the re-done batch already existed: skipped, not duplicated under new slugs.
    expect(run.skippedPages).toBe(10);
    expect(run.createdPages).toBe(totalPages);
    const slugs = (await pagesOf(runId)).map((p) => p.slug);
    expect(slugs).toHaveLength(totalPages);
    expect(new Set(slugs).size).toBe(totalPages);
    // No page was re-created under a numbered slug (keyword-…-city-state, never …-state-2).
    expect(slugs.every((s) => s.endsWith('-tx') || s.endsWith('-oh'))).toBe(true);
  });

  it('takes over from a worker whose heartbeat went stale', async () => {
    const { runId, totalPages } = await newRun(['ME'], false);
    expect(await processRun(t.db, generator, runId, 'worker-a', { stopAfterBatches: 0 })).toBe('stopped');
    await t.db
      .update(seoGenerationRuns)
      .set({ heartbeatAt: sql`now() - interval '5 minutes'` })
      .where(eq(seoGenerationRuns.id, runId));
    expect(await processRun(t.db, generator, runId, 'worker-b')).toBe('complete');
    expect(await pagesOf(runId)).toHaveLength(totalPages);
  });

  it('hands a long run back in slices and resumes from the committed progress', async () => {
    const { runId, totalPages } = await newRun(['KS']);
    let outcome = await processRun(t.db, generator, runId, 'slice-1', { sliceMs: 0 });
    expect(outcome).toBe('continue');
    // Handing back releases the claim, so the next slice (a new job) picks it up straight away.
    expect((await runRow(runId)).claimedBy).toBeNull();
    let slices = 1;
    while (outcome === 'continue') {
      outcome = await processRun(t.db, generator, runId, `slice-${++slices}`, { sliceMs: 30 });
    }
    expect(outcome).toBe('complete');
    expect(await pagesOf(runId)).toHaveLength(totalPages);
    expect((await runRow(runId)).processedPages).toBe(totalPages);
  });

  it('keeps the pages of another run and skips a slug that already exists', async () => {
    const first = await newRun(['TX'], false);
    expect(await processRun(t.db, generator, first.runId, 'w1')).toBe('complete');
    const again = await newRun(['TX'], false);
    expect(await processRun(t.db, generator, again.runId, 'w2')).toBe('complete');
    expect(await runRow(again.runId)).toMatchObject({ createdPages: 0, skippedPages: again.totalPages });
  });
});
