import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app';
import { createSeoPage, updateProfile } from '../../../db/factories';
import { APP_CSP } from '../../../http/security-headers';
import { createTestContext } from '../../../test/harness';

// Issue 16: a business's SEO pages send Book Now to its readable link /book/{slug}; an unknown SEO slug shows the
// web app's one 404 page (the same as any unknown path) when the app is served.

const t = await createTestContext();

describe("a business's SEO pages", () => {
  it('link Book Now to the readable /book/{slug}, which resolves to the business', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, { businessName: 'Lakeside Gloss Co', phone: '(512) 555-0111' });
    await createSeoPage(t.db, {
      businessId: owner.userId,
      slug: 'mobile-detailing-round-rock-tx',
      city: 'Round Rock',
      state: 'TX',
      pageTitle: 'Mobile Detailing in Round Rock, TX',
      content: '<p>Round Rock.</p>',
    });
    const html = await (await t.request('/seo/mobile-detailing-round-rock-tx')).text();
    const link = '/book/lakeside-gloss-co?from=%2Fseo%2Fmobile-detailing-round-rock-tx';
    expect(html).toContain(`<a class="btn primary" href="${link}">Book Now</a>`);
    expect(html).toContain(`<a class="book" href="${link}">Book Now</a>`);
    expect(html).not.toContain('?business=');
    const options = await t.request('/api/booking/options?business=lakeside-gloss-co');
    expect(options.status).toBe(200);
    expect((await options.json()).business.id).toBe(owner.userId);
  });
});

describe('the 404 of an unknown SEO slug', () => {
  const dist = mkdtempSync(join(tmpdir(), 'shineroute-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><div id="root"></div><script src="/assets/app.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), '/* app */');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const web = createApp({ ...t.deps, webDistDir: dist });

  it("is the web app's own 404 page, like any unknown path", async () => {
    const seo = await web.request('/seo/no-such-page');
    const other = await web.request('/no-such-page');
    expect(seo.status).toBe(404);
    expect(other.status).toBe(404);
    const body = await seo.text();
    expect(body).toBe(await other.text());
    expect(body).toContain('<div id="root"></div>');
    // The app's scripts may run on it (the city pages' policy allows none).
    expect(seo.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(seo.headers.get('cache-control')).toBe('no-store');
  });

  it('sends /favicon.ico to the SVG icon instead of a 404', async () => {
    const res = await web.request('/favicon.ico');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/favicon.svg');
  });

  it('stays a server-rendered page with the same words when only the API runs', async () => {
    const res = await t.request('/seo/no-such-page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  });
});
