import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POPULAR_VEHICLES } from '../../../../shared/seo.constants';
import { createSeoPage } from '../../../db/factories';
import { citySeoPages, seoGenerationRuns } from '../../../db/schema';
import { createTestContext } from '../../../test/harness';

const t = await createTestContext({ jobs: true });
const admin = await t.createAdmin();

type Run = {
  id: string;
  status: string;
  totalPages: number;
  processedPages: number;
  createdPages: number;
  progress: number;
};

async function waitForRun(runId: string): Promise<Run> {
  const deadline = Date.now() + 60_000;
  const seen: number[] = [];
  for (;;) {
    const { run } = (await (
      await t.request(`/api/admin/seo/runs/${runId}`, { cookie: admin.cookie })
    ).json()) as { run: Run };
    seen.push(run.progress);
    if (['complete', 'error', 'cancelled'].includes(run.status))
      return { ...run, seen } as Run & { seen: number[] };
    if (Date.now() > deadline) throw new Error(`run still ${run.status} at ${run.progress}%`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const generate = (json: unknown, cookie = admin.cookie) =>
  t.request('/api/admin/seo/generate', { method: 'POST', cookie, json });

describe('admin SEO endpoints check the admin role on the server', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const endpoints: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/seo/pages'],
    ['GET', '/api/admin/seo/pages?q=austin'],
    ['GET', '/api/admin/seo/settings'],
    ['GET', '/api/admin/seo/serving'],
    [
      'POST',
      '/api/admin/seo/generate',
      { keywords: ['car detailing'], selectedStates: ['TX'], targetVehicles: false },
    ],
    ['GET', '/api/admin/seo/runs/latest'],
    ['GET', `/api/admin/seo/runs/${someId}`],
    ['DELETE', `/api/admin/seo/pages/${someId}`],
    ['DELETE', '/api/admin/seo/pages'],
  ];

  it.each(endpoints)(
    '%s %s answers 403 to a signed-in owner and 401 when signed out',
    async (method, path, json) => {
      const owner = await t.signUp();
      const platformPage = await createSeoPage(t.db, {
        slug: `guarded-${owner.userId.slice(0, 8).toLowerCase()}`,
        city: 'Austin',
        state: 'TX',
      });
      const denied = await t.request(path, { method, cookie: owner.cookie, json });
      expect(denied.status).toBe(403);
      expect((await denied.json()).error.message).toBe("You don't have permission to access the admin panel");
      expect((await t.request(path, { method, json })).status).toBe(401);
      // Nothing happened: no run was queued and the platform page is still there.
      const [{ runs }] = (await t.db
        .select({ runs: sql<number>`count(*)`.mapWith(Number) })
        .from(seoGenerationRuns)) as [{ runs: number }];
      expect(runs).toBe(0);
      expect(await t.db.select().from(citySeoPages).where(eq(citySeoPages.id, platformPage.id))).toHaveLength(
        1,
      );
    },
  );
});

describe('POST /api/admin/seo/generate validation', () => {
  it.each([
    [{ keywords: [], selectedStates: ['TX'] }, 'Please enter at least one keyword.'],
    [{ keywords: ['  ', ''], selectedStates: ['TX'] }, 'Please enter at least one keyword.'],
    [{ selectedStates: ['TX'] }, 'Please enter at least one keyword.'],
    [{ keywords: ['a', 'b', 'c', 'd'], selectedStates: ['TX'] }, 'You can use up to 3 keywords.'],
    [{ keywords: ['car detailing'], selectedStates: [] }, 'Please select at least one state.'],
    [{ keywords: ['car detailing'] }, 'Please select at least one state.'],
    [{ keywords: ['car detailing'], selectedStates: ['TX', 'ZZ'] }, 'Please select valid US states.'],
  ])('rejects %j', async (body, message) => {
    const res = await generate(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });
});

describe('platform generation', () => {
  it('creates states × cities × keywords pages in batches, reporting progress up to 100 %', async () => {
    const res = await generate({
      keywords: ['Mobile Detailing', 'Car Wash', ' '],
      selectedStates: ['TX', 'WA'],
      targetVehicles: false,
      batchSize: 10,
    });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { jobId: string; runId: string; totalPages: number };
    // 2 states × 5 largest cities (the default setting) × 2 keywords × 1.
    expect(body.totalPages).toBe(2 * 5 * 2);
    expect(body.jobId).toEqual(expect.any(String));

    const run = (await waitForRun(body.runId)) as Run & { seen: number[] };
    expect(run).toMatchObject({
      status: 'complete',
      totalPages: 20,
      processedPages: 20,
      createdPages: 20,
      progress: 100,
    });
    expect(run.seen.every((p, i) => i === 0 || p >= run.seen[i - 1]!)).toBe(true);

    const pages = await t.db.select().from(citySeoPages).where(eq(citySeoPages.generationRunId, body.runId));
    expect(pages).toHaveLength(20);
    expect(
      pages.every((p) => p.status === 'complete' && p.businessId === null && p.content!.length > 500),
    ).toBe(true);
    expect(new Set(pages.map((p) => p.slug)).size).toBe(20);
    expect(pages.map((p) => p.slug)).toContain('mobile-detailing-houston-tx');
    expect(pages.map((p) => p.slug)).toContain('car-wash-seattle-wa');
    expect(new Set(pages.map((p) => p.state))).toEqual(new Set(['TX', 'WA']));

    const latest = (await (
      await t.request('/api/admin/seo/runs/latest', { cookie: admin.cookie })
    ).json()) as { run: Run };
    expect(latest.run.id).toBe(body.runId);
    const live = await t.request('/seo/mobile-detailing-houston-tx');
    expect(live.status).toBe(200);
  });

  it('multiplies by the 25 popular vehicles when vehicle targeting is on', async () => {
    expect(POPULAR_VEHICLES).toHaveLength(25);
    const res = await generate({
      keywords: ['Ceramic Coating'],
      selectedStates: ['VT'],
      targetVehicles: true,
    });
    const body = (await res.json()) as { runId: string; totalPages: number };
    expect(body.totalPages).toBe(1 * 5 * 1 * 25);
    const run = await waitForRun(body.runId);
    expect(run).toMatchObject({ status: 'complete', processedPages: 125, createdPages: 125, progress: 100 });
    const pages = await t.db.select().from(citySeoPages).where(eq(citySeoPages.generationRunId, body.runId));
    expect(pages).toHaveLength(125);
    expect(pages.filter((p) => p.vehicleMake === 'Tesla' && p.vehicleModel === 'Model Y')).toHaveLength(5);
    expect(pages.map((p) => p.slug)).toContain('ceramic-coating-ford-f-150-burlington-vt');
    // No two generated pages share their body text.
    expect(new Set(pages.map((p) => p.content)).size).toBe(125);
  });

  it('refuses a second generation while one is running', async () => {
    const first = await generate({
      keywords: ['Detailing', 'Car Wash', 'Auto Spa'],
      selectedStates: ['CA', 'NY', 'FL', 'GA', 'IL', 'MI', 'NC', 'NJ', 'PA', 'AZ'],
      targetVehicles: true,
    });
    expect(first.status).toBe(202);
    const second = await generate({ keywords: ['Other'], selectedStates: ['OH'] });
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(
      'SEO pages are already being generated. Please wait for the current run to finish.',
    );
    // Delete All cancels the running generation.
    const del = await t.request('/api/admin/seo/pages', { method: 'DELETE', cookie: admin.cookie });
    expect(del.status).toBe(200);
    const run = await waitForRun(((await first.json()) as { runId: string }).runId);
    expect(run.status).toBe('cancelled');
  });
});

describe('the admin list, search and deletes', () => {
  it('lists platform pages only, newest first, 100 a page with the cursor to the rest, searchable by title, city or state', async () => {
    const owner = await t.signUp();
    await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: `owner-austin-${owner.userId.slice(0, 6).toLowerCase()}`,
      city: 'Austin',
      state: 'TX',
    });
    await t.db.insert(citySeoPages).values(
      Array.from({ length: 130 }, (_, i) => ({
        slug: `bulk-${i}`,
        city: i % 2 === 0 ? 'Boise' : 'Portland',
        state: i % 2 === 0 ? 'ID' : 'OR',
        pageTitle:
          i === 7
            ? 'Paint Correction in Portland, OR'
            : `Mobile Detailing in ${i % 2 === 0 ? 'Boise, ID' : 'Portland, OR'}`,
        keywords: ['mobile detailing'],
        status: 'complete' as const,
        createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)),
      })),
    );
    type Page = {
      items: Array<{ slug: string; businessId: string | null; city: string }>;
      nextCursor: string | null;
    };
    const list = async (query = '') => {
      const res = await t.request(`/api/admin/seo/pages${query && `?${query}`}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Page;
    };
    const search = (q: string) => list(`q=${encodeURIComponent(q)}`);
    const all = await list();
    expect(all.items).toHaveLength(100);
    expect(all.items[0]!.slug).toBe('bulk-129');
    expect(all.items.every((p) => p.businessId === null)).toBe(true);
    // The cursor leads to the other platform pages, the owner's page never among them.
    const rest = await list(`cursor=${encodeURIComponent(all.nextCursor!)}`);
    expect(rest.nextCursor).toBeNull();
    const bulk = [...all.items, ...rest.items].filter((p) => p.slug.startsWith('bulk-'));
    expect(bulk.map((p) => p.slug)).toEqual(Array.from({ length: 130 }, (_, i) => `bulk-${129 - i}`));
    expect(rest.items.every((p) => p.businessId === null)).toBe(true);

    const one = await search('paint correction');
    expect(one.items.map((p) => p.slug)).toEqual(['bulk-7']);
    expect(one.nextCursor).toBeNull();
    expect((await search('BOISE')).items).toHaveLength(65);
    expect((await search('id')).items.every((p) => p.city === 'Boise')).toBe(true);
    // A state's name finds its pages too.
    expect((await search('Oregon')).items).toHaveLength(65);
    expect((await search('100%_')).items).toHaveLength(0);
    const bad = await t.request('/api/admin/seo/pages?cursor=%25%25', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });

  it('deletes one platform page (404 for an owner’s page) and then all of them', async () => {
    const owner = await t.signUp();
    const ownerPage = await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: `owner-keep-${owner.userId.slice(0, 6).toLowerCase()}`,
      city: 'Mesa',
      state: 'AZ',
    });
    const page = await createSeoPage(t.db, { slug: 'platform-delete-one', city: 'Mesa', state: 'AZ' });
    expect((await t.request(`/seo/${page.slug}`)).status).toBe(200);
    const one = await t.request(`/api/admin/seo/pages/${page.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(one.status).toBe(204);
    expect(await one.text()).toBe('');
    expect((await t.request(`/seo/${page.slug}`)).status).toBe(404);
    expect(
      (await t.request(`/api/admin/seo/pages/${page.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/admin/seo/pages/${ownerPage.id}`, { method: 'DELETE', cookie: admin.cookie }))
        .status,
    ).toBe(404);

    const remaining = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(citySeoPages)
      .where(isNull(citySeoPages.businessId));
    const all = await t.request('/api/admin/seo/pages', { method: 'DELETE', cookie: admin.cookie });
    expect(await all.json()).toEqual({ deleted: remaining[0]!.n });
    expect((await (await t.request('/api/admin/seo/pages', { cookie: admin.cookie })).json()).items).toEqual(
      [],
    );
    // Owners' pages are not "generated pages" of the platform.
    expect(await t.db.select().from(citySeoPages).where(eq(citySeoPages.id, ownerPage.id))).toHaveLength(1);
  });

  it('reports the cities-per-state setting', async () => {
    const res = await t.request('/api/admin/seo/settings', { cookie: admin.cookie });
    expect(await res.json()).toEqual({ citiesPerState: 5 });
  });
});
