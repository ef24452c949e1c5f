import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEO_TEXT } from '../../../../shared/seo.constants';
import { createSeoPage, createService, updateProfile } from '../../../db/factories';
import { citySeoPages } from '../../../db/schema';
import { createTemplateGenerator } from '../../../providers/content/template-generator';
import { createTestContext } from '../../../test/harness';

// Keyword "explode" makes the content generator fail, to see a page end in error.
const templates = createTemplateGenerator();
const t = await createTestContext({
  jobs: true,
  seo: {
    content: {
      name: 'test',
      generate: async (ctx) => {
        if (ctx.keyword === 'explode') throw new Error('generator down');
        return templates.generate(ctx);
      },
    },
  },
});

type Page = { id: string; slug: string; status: string; city: string; pageTitle: string; createdAt: string };

async function create(cookie: string, json: unknown) {
  return t.request('/api/marketing/pages', { method: 'POST', cookie, json });
}

async function waitForStatuses(cookie: string, ids: string[], done = (s: string) => s !== 'draft') {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { items: pages } = (await (await t.request('/api/marketing/pages', { cookie })).json()) as {
      items: Page[];
    };
    const mine = pages.filter((p) => ids.includes(p.id));
    if (mine.length === ids.length && mine.every((p) => done(p.status))) return mine;
    if (Date.now() > deadline) throw new Error(`pages still ${mine.map((p) => p.status).join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('POST /api/marketing/pages (Quick Landing Page Generator)', () => {
  it('creates at most 25 landing pages a day per business (429 after), whatever the batches', async () => {
    const { cookie, userId } = await t.signUp();
    await updateProfile(t.db, userId, { businessName: 'Limit Detailing' });
    const batch = (n: number) =>
      t.request('/api/marketing/pages', {
        method: 'POST',
        cookie,
        json: {
          keyword: `Detailing ${n}`,
          cities: ['Austin', 'Dallas', 'Houston', 'Waco', 'Katy'],
          state: 'TX',
        },
      });
    for (let n = 0; n < 5; n++) expect((await batch(n)).status).toBe(201);
    const refused = await batch(5);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe(SEO_TEXT.dailyLimit);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/marketing/pages')).status).toBe(401);
    const res = await t.request('/api/marketing/pages', {
      method: 'POST',
      json: { keyword: 'x', cities: ['Austin'], state: 'TX' },
    });
    expect(res.status).toBe(401);
    expect(
      (await t.request('/api/marketing/pages/00000000-0000-0000-0000-000000000000', { method: 'DELETE' }))
        .status,
    ).toBe(401);
  });

  it.each([
    [{ keyword: '  ', cities: ['Austin'], state: 'TX' }, 'Please enter a keyword for your landing pages.'],
    [{ cities: ['Austin'], state: 'TX' }, 'Please enter a keyword for your landing pages.'],
    [{ keyword: 'car detailing', cities: ['', '  '], state: 'TX' }, 'Please enter at least one city.'],
    [{ keyword: 'car detailing', cities: [], state: 'TX' }, 'Please enter at least one city.'],
    [{ keyword: 'car detailing', cities: ['Austin'] }, 'Please select a state.'],
    [{ keyword: 'car detailing', cities: ['Austin'], state: '' }, 'Please select a state.'],
    // Only the 15 supported states (§9) are offered; Oregon is not one of them.
    [{ keyword: 'car detailing', cities: ['Portland'], state: 'OR' }, 'Please select a state.'],
    [
      { keyword: 'car detailing', cities: ['A', 'B', 'C', 'D', 'E', 'F'], state: 'TX' },
      'You can create pages for up to 5 cities at a time.',
    ],
  ])('rejects %j with the spec message', async (body, message) => {
    const owner = await t.signUp();
    const res = await create(owner.cookie, body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('creates one draft page per city with keyword-city-state slugs, then writes each page to complete', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Bay Shine Detailing', phone: '(415) 555-0110' });
    await createService(t.db, owner.userId, {
      name: 'Signature Detail',
      basePriceCents: 18_900,
      durationMinutes: 240,
    });
    const res = await create(owner.cookie, {
      keyword: 'Mobile Car Detailing',
      cities: ['San Francisco', ' Oakland ', ''],
      state: 'CA',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { count: number; pages: Page[] };
    expect(body.count).toBe(2);
    expect(body.pages.map((p) => [p.slug, p.status, p.city])).toEqual([
      ['mobile-car-detailing-san-francisco-ca', 'draft', 'San Francisco'],
      ['mobile-car-detailing-oakland-ca', 'draft', 'Oakland'],
    ]);
    expect(body.pages[0]!.pageTitle).toBe('Mobile Car Detailing in San Francisco, CA');

    const done = await waitForStatuses(
      owner.cookie,
      body.pages.map((p) => p.id),
    );
    expect(done.map((p) => p.status)).toEqual(['complete', 'complete']);
    const [stored] = await t.db.select().from(citySeoPages).where(eq(citySeoPages.id, body.pages[0]!.id));
    // The business's own services and prices are on its page.
    expect(stored!.content).toContain('Signature Detail');
    expect(stored!.content).toContain('$189.00');
    expect(stored!.content).toContain('Bay Shine Detailing');
    expect(stored!.faq!.length).toBeGreaterThan(2);
  });

  it('gives a slug that exists a numeric suffix instead of failing', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const first = await (
      await create(a.cookie, { keyword: 'Ceramic Coating', cities: ['Dallas'], state: 'TX' })
    ).json();
    const second = await (
      await create(a.cookie, { keyword: 'ceramic  coating', cities: ['dallas'], state: 'TX' })
    ).json();
    // Another business asking for the same subject gets the next number too: slugs are platform-wide.
    const third = await (
      await create(b.cookie, { keyword: 'Ceramic Coating!', cities: ['Dallas', 'DALLAS'], state: 'TX' })
    ).json();
    expect(first.pages[0].slug).toBe('ceramic-coating-dallas-tx');
    expect(second.pages[0].slug).toBe('ceramic-coating-dallas-tx-2');
    expect(third.pages.map((p: Page) => p.slug)).toEqual(['ceramic-coating-dallas-tx-3']);
    const pages = await waitForStatuses(a.cookie, [first.pages[0].id, second.pages[0].id]);
    const bodies = await t.db
      .select({ content: citySeoPages.content })
      .from(citySeoPages)
      .where(eq(citySeoPages.businessId, a.userId));
    expect(pages).toHaveLength(2);
    // Two pages of the same subject still read differently.
    expect(new Set(bodies.map((r) => r.content)).size).toBe(bodies.length);
  });

  it('ends a page in error when its content cannot be generated', async () => {
    const owner = await t.signUp();
    const body = await (
      await create(owner.cookie, { keyword: 'explode', cities: ['Miami'], state: 'FL' })
    ).json();
    const [page] = await waitForStatuses(owner.cookie, [body.pages[0].id]);
    expect(page!.status).toBe('error');
    const res = await t.request(`/seo/${body.pages[0].slug}`);
    expect(res.status).toBe(404);
  });
});

describe('GET /api/marketing/pages', () => {
  it('lists only the latest 20 of the business’s own pages, newest first', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    for (let i = 0; i < 23; i++) {
      await createSeoPage(t.db, {
        businessId: owner.userId,
        slug: `list-test-${owner.userId.slice(0, 6).toLowerCase()}-${i}`,
        city: `Town ${i}`,
        state: 'OH',
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    await createSeoPage(t.db, {
      businessId: other.userId,
      slug: `someone-elses-${other.userId.slice(0, 6).toLowerCase()}`,
      city: 'X',
      state: 'OH',
    });
    const { items: pages, nextCursor } = (await (
      await t.request('/api/marketing/pages', { cookie: owner.cookie })
    ).json()) as { items: Page[]; nextCursor: string | null };
    expect(pages).toHaveLength(20);
    expect(nextCursor).toBeNull();
    expect(pages[0]!.city).toBe('Town 22');
    expect(pages.at(-1)!.city).toBe('Town 3');
  });
});

describe('DELETE /api/marketing/pages/{id}', () => {
  it("deletes the owner's page and takes it off the public site", async () => {
    const owner = await t.signUp();
    const page = await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: `delete-me-${owner.userId.slice(0, 6).toLowerCase()}`,
      city: 'Tampa',
      state: 'FL',
    });
    expect((await t.request(`/seo/${page.slug}`)).status).toBe(200);
    const res = await t.request(`/api/marketing/pages/${page.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await t.request(`/seo/${page.slug}`)).status).toBe(404);
  });

  it("answers 404 for another owner's page and leaves it alone", async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    const page = await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: `not-yours-${owner.userId.slice(0, 6).toLowerCase()}`,
      city: 'Reno',
      state: 'NV',
    });
    const res = await t.request(`/api/marketing/pages/${page.id}`, {
      method: 'DELETE',
      cookie: intruder.cookie,
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('Landing page not found');
    const [still] = await t.db.select().from(citySeoPages).where(eq(citySeoPages.id, page.id));
    expect(still).toBeDefined();
    // A platform page is not an owner's to delete either.
    const platform = await createSeoPage(t.db, {
      slug: `platform-${owner.userId.slice(0, 6).toLowerCase()}`,
      city: 'Reno',
      state: 'NV',
    });
    expect(
      (await t.request(`/api/marketing/pages/${platform.id}`, { method: 'DELETE', cookie: owner.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('/api/marketing/pages/not-a-uuid', { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(404);
  });
});
