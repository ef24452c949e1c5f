import { gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { OWNER_ROUTES, PUBLIC_ROUTES } from '../../../shared/routes';
import type { AppDeps, AppEnv } from '../../http/context';
import { renderNotFoundPage } from './seo-public.render';
import { countCompletePages, sitemapEntries } from './seo-public.service';
import { publicPagesOf } from './seo-settings';

/** A sitemap file holds at most 50,000 URLs; past that /sitemap.xml becomes a sitemap index. */
export const SITEMAP_URL_LIMIT = 50_000;

// SEO pages need no script at all: a strict policy makes any markup that slipped past the sanitiser inert.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
// The public pages listed in the sitemap besides the SEO pages (the spec's marketing routes).
const SITEMAP_STATIC = PUBLIC_ROUTES.filter((p) => !['/auth', '/booking-success', '/patent-diagrams'].includes(p));

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

function notFoundPage(c: Context<AppEnv>) {
  // The bad path is logged (§2), as the web app's 404 does.
  console.warn(`404 ${c.req.method} ${c.req.path}`);
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  return c.html(renderNotFoundPage(), 404);
}

const urlset = (urls: Array<{ loc: string; lastmod?: string }>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

const xml = (c: Context<AppEnv>, body: string) => {
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=300');
  return c.body(body);
};

// The headers secureHeaders() would set, fixed once: the page route answers ahead of the app-wide middleware.
const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=UTF-8',
  'Cache-Control': 'public, max-age=300',
  'Content-Security-Policy': PAGE_CSP,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};
const SLUG = /^[a-z0-9-]{1,200}$/;

// Whether the client takes gzip (every browser and crawler does); "gzip;q=0" refuses it.
const takesGzip = (acceptEncoding: string | undefined) =>
  !!acceptEncoding && /\bgzip\b/i.test(acceptEncoding) && !/\bgzip\s*;\s*q\s*=\s*0(?:\.0{0,3})?\s*(?:,|$)/i.test(acceptEncoding);
const GZIP_HEADERS = { ...PAGE_HEADERS, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' };
const PLAIN_HEADERS = { ...PAGE_HEADERS, Vary: 'Accept-Encoding' };

/**
 * GET /seo/{slug}: the public city page. Registered before the app-wide middleware (it needs no session, client
 * address or body limit). Pages come gzipped from this instance's memory, else from their stored render, else are
 * rendered now (docs/decisions/306, 309). Unknown slugs and pages that are not complete answer 404 with the 404 page.
 */
export function mountSeoPageRoute(app: Hono<AppEnv>, deps: AppDeps) {
  const pages = publicPagesOf(deps);
  app.get('/seo/:slug', async (c) => {
    const slug = c.req.param('slug');
    const page = pages.get(slug) ?? (SLUG.test(slug) ? await pages.load(slug) : null);
    if (!page) {
      // The bad path is logged (§2), as the web app's 404 does.
      console.warn(`404 ${c.req.method} ${c.req.path}`);
      return new Response(renderNotFoundPage(), { status: 404, headers: { ...PAGE_HEADERS, 'Cache-Control': 'no-store' } });
    }
    if (c.req.header('if-none-match') === page.etag) {
      return new Response(null, { status: 304, headers: { ...PLAIN_HEADERS, ETag: page.etag } });
    }
    if (takesGzip(c.req.header('accept-encoding'))) {
      return new Response(page.gzip, { status: 200, headers: { ...GZIP_HEADERS, ETag: page.etag } });
    }
    return new Response(gunzipSync(page.gzip), { status: 200, headers: { ...PLAIN_HEADERS, ETag: page.etag } });
  });
}

/** Server-rendered public routes besides the pages: /sitemap.xml (and its parts) and /robots.txt. */
export function mountSeoPublicRoutes(app: Hono<AppEnv>) {
  app.get('/robots.txt', (c) => {
    const base = origin(c.var.deps.publicUrl);
    const private_ = ['/api/', '/admin', ...OWNER_ROUTES].map((p) => `Disallow: ${p}`).join('\n');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(`User-agent: *\nAllow: /\n${private_}\n\nSitemap: ${base}/sitemap.xml\n`);
  });

  app.get('/sitemap.xml', async (c) => {
    const base = origin(c.var.deps.publicUrl);
    const pages = await countCompletePages(c.var.deps.db);
    const staticUrls = SITEMAP_STATIC.map((p) => ({ loc: `${base}${p === '/' ? '/' : p}` }));
    if (pages + staticUrls.length <= SITEMAP_URL_LIMIT) {
      const entries = await sitemapEntries(c.var.deps.db, 0, SITEMAP_URL_LIMIT);
      return xml(c, urlset([...staticUrls, ...entries.map((p) => ({ loc: `${base}/seo/${p.slug}`, lastmod: p.updatedAt.toISOString().slice(0, 10) }))]));
    }
    const parts = Math.ceil(pages / SITEMAP_URL_LIMIT);
    const sitemaps = [`${base}/sitemaps/static.xml`, ...Array.from({ length: parts }, (_, i) => `${base}/sitemaps/seo-${i + 1}.xml`)];
    return xml(
      c,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
        .map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get('/sitemaps/:file', async (c) => {
    const base = origin(c.var.deps.publicUrl);
    const file = c.req.param('file');
    if (file === 'static.xml') return xml(c, urlset(SITEMAP_STATIC.map((p) => ({ loc: `${base}${p}` }))));
    const n = /^seo-(\d{1,6})\.xml$/.exec(file)?.[1];
    if (!n || Number(n) < 1) return notFoundPage(c);
    const entries = await sitemapEntries(c.var.deps.db, (Number(n) - 1) * SITEMAP_URL_LIMIT, SITEMAP_URL_LIMIT);
    if (entries.length === 0) return notFoundPage(c);
    return xml(c, urlset(entries.map((p) => ({ loc: `${base}/seo/${p.slug}`, lastmod: p.updatedAt.toISOString().slice(0, 10) }))));
  });
}
