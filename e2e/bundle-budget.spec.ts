import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';

// Byte budgets for the front door (issue 14): the JavaScript a first visit downloads, counted gzipped, and which
// chunks it may contain. Sizes, not timings: they fail the same way on any machine. The goals are 60 KB for /
// and 100 KB for /book; server-rendered pages load only their islands (docs/decisions/0910), so the budgets sit far below.
const KB = 1024;
const BUDGETS = [
  { path: '/', gzipBytes: 10 * KB }, // the header menu and the zip checker, no framework
  { path: '/about', gzipBytes: 5 * KB },
  // Server-rendered; the form hydrates (docs/decisions/0911, 912, 914): react-dom is ≈ 62 KB of it. The goal is
  // 100 KB; 914 took tailwind-merge off the island (≈ 89.8 KB). Add-ons, repeat visits, plan credits, photo consent and
  // the drive-aware zip joined the form (95.5 KB, zod still off it; decision 1255): the budget holds that, under 100 KB.
  { path: '/book', gzipBytes: 96 * KB },
  { path: '/book/lone-star-mobile-detailing', gzipBytes: 96 * KB },
  { path: '/for-detailers', gzipBytes: 5 * KB },
  { path: '/contact', gzipBytes: 10 * KB }, // the header menu and the contact form; zod on first submit
  // The header menu and the auth form, no framework and no better-auth client; zod on first submit (decision 913).
  // Was the web app: 174 KB.
  { path: '/auth', gzipBytes: 10 * KB },
  { path: '/auth?mode=signup&plan=pro', gzipBytes: 10 * KB },
];

// Code no public page may load: the auth client, the owner and admin shells and screens (/book's own code is
// features/bookings/book/, public).
const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
  string,
  { file: string }
>;
// Shared chunks are keyed `_<name>-<hash>.js`, entries by their source path (relative to src/web).
const PRIVATE_SOURCES =
  /^(_auth-client-|_owner-layout-|lib\/auth-client\.ts|api\/|routes\/|components\/layout\/(owner-|require-auth)|features\/(?:(?:admin|analytics|leads|outbox|seo|platform-settings|admin-users|auth|dashboard|customers|services|inventory|marketing|business-profile|service-areas|verification)\/|bookings\/(?!book\/)))/;
const privateChunks = new Set(
  Object.entries(manifest)
    .filter(([source]) => PRIVATE_SOURCES.test(source))
    .map(([, chunk]) => `/${chunk.file}`),
);

async function scriptsLoaded(page: Page, path: string) {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return scripts;
}

for (const { path, gzipBytes } of BUDGETS) {
  test(`${path} loads at most ${gzipBytes / KB} KB of gzipped JavaScript and no private code`, async ({
    page,
    request,
  }) => {
    const scripts = await scriptsLoaded(page, path);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => privateChunks.has(s))).toEqual([]);
    let total = 0;
    for (const script of scripts) {
      const res = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
      const body = await res.body();
      // Sent compressed unless compressing would not make it smaller.
      if (body.length > 1024) expect(res.headers()['content-encoding']).toBe('gzip');
      // Playwright inflates the body; count it as it went over the wire (the server's gzip is level 9, as here).
      total += res.headers()['content-encoding'] ? gzipSync(body, { level: 9 }).length : body.length;
    }
    console.log(`${path}: ${scripts.length} scripts, ${(total / KB).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(gzipBytes);
  });
}

test('hashed assets are compressed and cached for a year; pages are revalidated by ETag', async ({
  request,
}) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers().vary).toBe('Accept-Encoding');
  const etag = page.headers().etag!;
  expect((await request.get('/', { headers: { 'if-none-match': etag } })).status()).toBe(304);

  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(await page.text())![1]!;
  const asset = await request.get(entry, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toBe(await asset.text());
});
