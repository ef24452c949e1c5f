import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSeoPage, createServiceArea, createTestimonial, updateProfile } from '../../../db/factories';
import { citySeoPages, seoPageRenders } from '../../../db/schema';
import { createTestContext, TEST_ORIGIN } from '../../../test/harness';
import { publicPagesOf } from '../seo-settings';
import { PublicPages } from './public-pages';
import { publicPageListener } from './seo-public.routes';

// jobs: the render-ahead job runs when the test drains the in-memory queue.
const t = await createTestContext({ jobs: 'memory', seo: { platformPhone: '(512) 555-0100' } });
const MB = 1024 * 1024;
// The pages' area is served, so they render in full (a page nobody serves is seo-coverage.test.ts's, decision 0950).
const served = await t.signUp();
await createServiceArea(t.db, served.userId, {
  zipCode: '78701',
  city: 'Austin',
  state: 'Texas',
  stateCode: 'TX',
  isActive: true,
});

let n = 0;
/** A complete platform page with a unique slug and body. */
async function page(values: Partial<typeof citySeoPages.$inferInsert> = {}) {
  n++;
  return createSeoPage(t.db, {
    slug: `store-page-${n}-tx`,
    city: `Town ${n}`,
    state: 'TX',
    pageTitle: `Car Detailing in Town ${n}, TX`,
    content: `<p>Body of page ${n}.</p>`,
    areaZips: ['78701'],
    ...values,
  });
}

/** Another app instance on the same database (its own memory), as behind a load balancer. */
const otherInstance = (opts: { maxBytes?: number; platformPhone?: string } = {}) =>
  new PublicPages(t.db, {
    publicUrl: TEST_ORIGIN,
    platformPhone: opts.platformPhone ?? '(512) 555-0100',
    maxBytes: opts.maxBytes ?? 64 * MB,
  });

const html = (p: { gzip: Buffer } | null | undefined) => (p ? gunzipSync(p.gzip).toString('utf8') : null);
const renderOf = async (pageId: string) =>
  (await t.db.select().from(seoPageRenders).where(eq(seoPageRenders.pageId, pageId)))[0];

describe('GET /seo/{slug} encodings and revalidation', () => {
  it('sends gzip to clients that take it, plain HTML otherwise, with an ETag for 304s', async () => {
    const p = await page({ content: '<p>Encodings are negotiated.</p>' });
    const gz = await t.request(`/seo/${p.slug}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await gz.arrayBuffer());
    expect(gunzipSync(body).toString('utf8')).toContain('<p>Encodings are negotiated.</p>');

    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0, br', 'deflate']) {
      const plain = await t.request(`/seo/${p.slug}`, {
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toContain('<p>Encodings are negotiated.</p>');
    }

    const etag = gz.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await t.request(`/seo/${p.slug}`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });
});

describe('stored renders', () => {
  it('stores the render of a served page under its render version, and another instance serves it without rendering', async () => {
    const p = await page();
    expect(await renderOf(p.id)).toBeUndefined();
    await t.request(`/seo/${p.slug}`);
    const stored = await renderOf(p.id);
    expect(stored?.renderVersion).toBe(p.renderVersion);

    const other = otherInstance();
    expect(html(await other.load(p.slug))).toContain(`Body of page ${n}.`);
    // Served from the stored render: not rendered (nor stored) again.
    expect((await renderOf(p.id))?.renderedAt).toEqual(stored!.renderedAt);
    expect(other.get(p.slug)).toBeDefined();
  });

  it('never serves a stale stored render: a page changed behind its back is rendered again', async () => {
    const p = await page({ content: '<p>Old words.</p>' });
    await t.request(`/seo/${p.slug}`);
    // Another process edits the row directly; the trigger moves its render version.
    await t.db.execute(sql`update city_seo_pages set content = '<p>New words.</p>' where id = ${p.id}`);
    const [row] = await t.db
      .select({ v: citySeoPages.renderVersion })
      .from(citySeoPages)
      .where(eq(citySeoPages.id, p.id));
    expect(row!.v).toBe(p.renderVersion + 1);
    const fresh = otherInstance();
    const served = html(await fresh.load(p.slug));
    expect(served).toContain('<p>New words.</p>');
    expect(served).not.toContain('Old words');
    expect((await renderOf(p.id))?.renderVersion).toBe(p.renderVersion + 1);
  });

  it("does not use another configuration's render (a different platform phone)", async () => {
    const p = await page();
    await t.request(`/seo/${p.slug}`);
    const other = otherInstance({ platformPhone: '(737) 555-0199' });
    const served = html(await other.load(p.slug));
    expect(served).toContain('Call (737) 555-0199');
    expect(served).not.toContain('(512) 555-0100');
  });

  it('renders ahead every complete page without a current render, and a starting instance loads them all into memory', async () => {
    const pages = await Promise.all([page(), page(), page()]);
    const draft = await page({ status: 'draft' });
    const instance = publicPagesOf(t.deps);
    expect(await instance.pendingRenders()).toBeGreaterThanOrEqual(3);
    await t.memoryJobs!.send('seo.render-pages', { after: '' }, { policy: 'stately' });
    await t.memoryJobs!.drain();
    expect(await instance.pendingRenders()).toBe(0);
    for (const p of pages) expect((await renderOf(p.id))?.renderVersion).toBe(p.renderVersion);
    expect(await renderOf(draft.id)).toBeUndefined();

    const starting = otherInstance();
    const loaded = await starting.warm();
    expect(loaded).toBeGreaterThanOrEqual(3);
    for (const p of pages) expect(starting.get(p.slug)).toBeDefined();
    expect(starting.get(draft.slug)).toBeUndefined();
    expect(starting.stats()).toMatchObject({ pages: loaded, warming: false });
  });

  it('keeps within its memory budget, dropping the least recently used pages', async () => {
    const pages = [await page(), await page(), await page()];
    const probe = otherInstance();
    const size = (await probe.load(pages[0]!.slug))!.gzip.byteLength + 200;
    const small = otherInstance({ maxBytes: Math.floor(size * 2.5) });
    await small.load(pages[0]!.slug);
    await small.load(pages[1]!.slug);
    small.get(pages[0]!.slug); // page 0 used again: page 1 is now the least recent
    await small.load(pages[2]!.slug);
    expect(small.stats().pages).toBe(2);
    expect(small.stats().bytes).toBeLessThanOrEqual(small.stats().maxBytes);
    expect(small.get(pages[1]!.slug)).toBeUndefined();
    expect(small.get(pages[0]!.slug)).toBeDefined();
    expect(small.get(pages[2]!.slug)).toBeDefined();
  });
});

describe('the change feed keeps every instance current', () => {
  it("drops a page on other instances when its business's name, phone or reviews change", async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Old Name Detailing' });
    const p = await page({ businessId: owner.userId });
    const other = otherInstance();
    await other.sync(); // the first read only finds the feed's end
    expect(html(await other.load(p.slug))).toContain('Why Choose Old Name Detailing?');

    // Saved through this instance's API: it shows here at once …
    const saved = await t.request('/api/business-profile', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { businessName: 'New Name Detailing', phone: '(512) 555-0142' },
    });
    expect(saved.status).toBe(200);
    const here = await (await t.request(`/seo/${p.slug}`)).text();
    expect(here).toContain('Why Choose New Name Detailing?');
    expect(here).toContain('Call (512) 555-0142');
    // … and the other instance still holds the old copy until it reads the feed.
    expect(html(other.get(p.slug))).toContain('Old Name Detailing');
    await other.sync();
    expect(other.get(p.slug)).toBeUndefined();
    expect(html(await other.load(p.slug))).toContain('Why Choose New Name Detailing?');

    await createTestimonial(t.db, owner.userId, {
      customerName: 'Ana',
      rating: 4,
      testimonialText: 'Solid work',
    });
    await other.sync();
    expect(other.get(p.slug)).toBeUndefined();
    expect(html(await other.load(p.slug))).toContain('4.0 from 1 review');
  });

  it('drops deleted pages on other instances, and everything after a mass delete', async () => {
    const [a, b] = [await page(), await page()];
    const other = otherInstance();
    await other.sync();
    await other.load(a.slug);
    await other.load(b.slug);
    const admin = await t.createAdmin();
    expect(
      (await t.request(`/api/admin/seo/pages/${a.id}`, { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(204);
    expect((await t.request(`/seo/${a.slug}`)).status).toBe(404);
    await other.sync();
    expect(other.get(a.slug)).toBeUndefined();
    expect(await other.load(a.slug)).toBeNull();
    expect(other.get(b.slug)).toBeDefined();

    // Over 1,000 complete pages deleted at once: one '*' change drops every copy.
    await t.db.execute(sql`
      insert into city_seo_pages (slug, city, state, page_title, status, content)
      select 'bulk-' || i || '-tx', 'Bulk', 'TX', 'Bulk ' || i, 'complete', '<p>bulk</p>' from generate_series(1, 1001) i`);
    await other.load('bulk-7-tx');
    await t.db.execute(sql`delete from city_seo_pages where slug like 'bulk-%'`);
    await other.sync();
    expect(other.stats().pages).toBe(0);
    expect(await other.load('bulk-7-tx')).toBeNull();
    expect(html(await other.load(b.slug))).toContain('Body of page');
  });

  it('drops what it held before its first read of the feed (it cannot tell what changed before)', async () => {
    const p = await page();
    const fresh = otherInstance();
    await fresh.load(p.slug);
    await fresh.sync();
    expect(fresh.get(p.slug)).toBeUndefined();
    await fresh.load(p.slug);
    await fresh.sync();
    expect(fresh.get(p.slug)).toBeDefined();
  });

  it('sees a change that committed after a later one (ids are taken before commit)', async () => {
    const p = await page();
    const other = otherInstance();
    await other.sync();
    await other.load(p.slug);
    await t.db.execute(sql`insert into seo_page_changes (slug) values ('unrelated-page')`);
    await other.sync(); // the cursor is now past the id below
    await t.db.execute(sql`insert into seo_page_changes (id, slug) values (-1, ${p.slug})`);
    await other.sync();
    expect(other.get(p.slug)).toBeUndefined();
  });

  it('leaves pages that are not complete out of the feed, and survives deleting a business with pages and reviews', async () => {
    const before = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from seo_page_changes`);
    const owner = await t.signUp();
    const draft = await page({ status: 'draft', businessId: owner.userId });
    await t.db
      .update(citySeoPages)
      .set({ content: '<p>Written</p>', status: 'complete' })
      .where(eq(citySeoPages.id, draft.id));
    const after = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from seo_page_changes`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);

    await createTestimonial(t.db, owner.userId, { customerName: 'Bo', rating: 5, testimonialText: 'Great' });
    await t.request(`/seo/${draft.slug}`);
    await t.db.execute(sql`delete from "user" where id = ${owner.userId}`);
    expect(await t.db.select().from(citySeoPages).where(eq(citySeoPages.id, draft.id))).toHaveLength(0);
    // Deleted outside this instance's API: it drops the page on its next read of the feed.
    await publicPagesOf(t.deps).sync();
    expect((await t.request(`/seo/${draft.slug}`)).status).toBe(404);
  });
});

describe('GET /api/admin/seo/serving', () => {
  it("reports this instance's pages in memory, its budget and the pages awaiting a render", async () => {
    const admin = await t.createAdmin();
    const p = await page();
    await t.request(`/seo/${p.slug}`);
    const res = await t.request('/api/admin/seo/serving', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pagesInMemory).toBeGreaterThanOrEqual(1);
    expect(body.bytesInMemory).toBeGreaterThan(0);
    expect(body.memoryBudgetBytes).toBe(512 * MB);
    expect(body.warming).toBe(false);
    expect(typeof body.pendingRenders).toBe('number');
  });
});

describe('GET /seo/{slug} straight on the HTTP server (as main.ts serves it)', () => {
  it('answers pages, 304s, HEAD and 404s itself and hands anything else to the app', async () => {
    const p = await page({ content: '<p>Served by the listener.</p>' });
    const pages = publicPageListener(t.deps);
    const app = getRequestListener(t.app.fetch);
    let toApp = 0;
    const server = createServer((req, res) => {
      if (pages(req, res)) return;
      toApp++;
      void app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // fetch takes gzip and inflates it, as a browser does.
      const first = await fetch(`${base}/seo/${p.slug}?utm_source=test`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-encoding')).toBe('gzip');
      expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await first.text()).toContain('<p>Served by the listener.</p>');
      const again = await fetch(`${base}/seo/${p.slug}`, {
        headers: { 'if-none-match': first.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
      const head = await fetch(`${base}/seo/${p.slug}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const missing = await fetch(`${base}/seo/no-such-page-anywhere`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('Page not found');
      expect(toApp).toBe(0);
      await fetch(`${base}/seo/${p.slug}/extra`);
      await fetch(`${base}/api/health`);
      expect(toApp).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
