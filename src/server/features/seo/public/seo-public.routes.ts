import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { waitlistInputSchema } from '../../../../shared/public.schemas';
import { OWNER_ROUTES, PUBLIC_ROUTES } from '../../../../shared/routes';
import type { AppDeps, AppEnv } from '../../../http/context';
import { readDbOf } from '../../../http/context';
import { APP_CSP, PAGE_CSP, securityHeaders } from '../../../http/security-headers';
import { joinWaitlist } from '../../public/public.service';
import { publicPagesOf } from '../seo-settings';
import type { PublicPages, ServedPage } from './public-pages';
import { renderNotFoundPage, renderWaitlistAnswer } from './seo-public.render';
import { countIndexablePages, findCompletePage, sitemapEntries } from './seo-public.service';

/** A sitemap file holds at most 50,000 URLs; past that /sitemap.xml becomes a sitemap index. */
export const SITEMAP_URL_LIMIT = 50_000;

// The public pages listed in the sitemap besides the SEO pages (the spec's marketing routes).
const SITEMAP_STATIC = PUBLIC_ROUTES.filter(
  (p) => !['/auth', '/booking-success', '/patent-diagrams'].includes(p),
);

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
    .map(
      (u) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;

const xml = (c: Context<AppEnv>, body: string) => {
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=300');
  return c.body(body);
};

// The shared security headers (http/security-headers.ts), fixed once: the page route answers ahead of the app-wide middleware.
const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=UTF-8',
  'Cache-Control': 'public, max-age=300',
  ...securityHeaders(PAGE_CSP),
};
const SLUG = /^[a-z0-9-]{1,200}$/;

// Whether the client takes gzip (every browser and crawler does); "gzip;q=0" refuses it.
const takesGzip = (acceptEncoding: string | undefined) =>
  !!acceptEncoding &&
  /\bgzip\b/i.test(acceptEncoding) &&
  !/\bgzip\s*;\s*q\s*=\s*0(?:\.0{0,3})?\s*(?:,|$)/i.test(acceptEncoding);
const GZIP_HEADERS = { ...PAGE_HEADERS, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' };
const PLAIN_HEADERS = { ...PAGE_HEADERS, Vary: 'Accept-Encoding' };

interface PageAnswer {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
}

/**
 * The 404 of an unknown or unfinished page: the web app itself when it is served from this process, so an unknown
 * slug shows the app's one 404 page with the site's header and footer (issue 16, docs/decisions/1112); the
 * server-rendered 404 (same words) when only the API runs (tests, a separate front end).
 */
function notFoundAnswerOf(deps: Pick<AppDeps, 'webDistDir'>): () => PageAnswer {
  const index = deps.webDistDir ? join(deps.webDistDir, 'index.html') : null;
  const appShell = index && existsSync(index) ? readFileSync(index, 'utf8') : null;
  const answer: PageAnswer = appShell
    ? {
        status: 404,
        headers: {
          'Content-Type': 'text/html; charset=UTF-8',
          'Cache-Control': 'no-store',
          ...securityHeaders(APP_CSP),
        },
        body: appShell,
      }
    : { status: 404, headers: { ...PAGE_HEADERS, 'Cache-Control': 'no-store' }, body: renderNotFoundPage() };
  return () => ({ ...answer, headers: { ...answer.headers } });
}

/** The answer to GET /seo/{slug} once the page is found (or not), for the request's validators and encodings. */
function pageAnswer(
  page: ServedPage | null,
  path: string,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  notFound: () => PageAnswer,
): PageAnswer {
  if (!page) {
    // The bad path is logged (§2), as the web app's 404 does.
    console.warn(`404 GET ${path}`);
    return notFound();
  }
  if (ifNoneMatch === page.etag)
    return { status: 304, headers: { ...PLAIN_HEADERS, ETag: page.etag }, body: null };
  if (takesGzip(acceptEncoding))
    return { status: 200, headers: { ...GZIP_HEADERS, ETag: page.etag }, body: page.gzip };
  return { status: 200, headers: { ...PLAIN_HEADERS, ETag: page.etag }, body: gunzipSync(page.gzip) };
}

/** The page from this instance's memory, else from its stored render (or rendered now); null when not live. */
const findPage = (pages: PublicPages, slug: string): ServedPage | Promise<ServedPage | null> | null =>
  pages.get(slug) ?? (SLUG.test(slug) ? pages.load(slug) : null);

/**
 * GET /seo/{slug}: the public city page. Registered before the app-wide middleware (it needs no session, client
 * address or body limit). Pages come gzipped from this instance's memory, else from their stored render, else are
 * rendered now (docs/decisions/0306, 309). Unknown slugs and pages that are not complete answer 404 with the 404 page.
 */
export function mountSeoPageRoute(app: Hono<AppEnv>, deps: AppDeps) {
  const pages = publicPagesOf(deps);
  const notFound = notFoundAnswerOf(deps);
  app.get('/seo/:slug', async (c) => {
    const page = await findPage(pages, c.req.param('slug'));
    const answer = pageAnswer(
      page,
      c.req.path,
      c.req.header('if-none-match'),
      c.req.header('accept-encoding'),
      notFound,
    );
    return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
  });
}

/**
 * The same route straight on Node's HTTP server, ahead of Hono (main.ts): a page held in memory is written without a
 * Request, a Response, a router or a promise (docs/decisions/0309). Returns false for anything else, which then goes
 * to the app as usual.
 */
export function publicPageListener(deps: AppDeps) {
  const pages = publicPagesOf(deps);
  const notFound = notFoundAnswerOf(deps);
  const write = (req: IncomingMessage, res: ServerResponse, answer: PageAnswer) => {
    if (answer.body !== null) answer.headers['Content-Length'] = String(Buffer.byteLength(answer.body));
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === 'HEAD' ? undefined : (answer.body ?? undefined));
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith('/seo/')) return false;
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    let slug: string;
    try {
      slug = decodeURIComponent(path.slice(5));
    } catch {
      return false;
    }
    if (slug === '' || slug.includes('/')) return false;
    const ifNoneMatch = req.headers['if-none-match'];
    const acceptEncoding = req.headers['accept-encoding'];
    const found = findPage(pages, slug);
    if (!(found instanceof Promise)) {
      write(req, res, pageAnswer(found, path, ifNoneMatch, acceptEncoding, notFound));
      return true;
    }
    found.then(
      (page) => write(req, res, pageAnswer(page, path, ifNoneMatch, acceptEncoding, notFound)),
      (err: unknown) => {
        console.error('GET /seo/{slug} failed:', err);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Something went wrong');
      },
    );
    return true;
  };
}

/** Server-rendered public routes besides the pages: /sitemap.xml (and its parts) and /robots.txt. */
export function mountSeoPublicRoutes(app: Hono<AppEnv>) {
  // Browsers and crawlers still ask for /favicon.ico on their own; every page links the SVG icon (issue 16).
  app.get('/favicon.ico', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.redirect('/favicon.svg', 301);
  });
  // The waitlist form of a page nobody serves (docs/decisions/0950): a plain form post, answered with a page.
  app.post('/seo/:slug/waitlist', bodyLimit({ maxSize: 16 * 1024 }), async (c) => {
    const page = await findCompletePage(c.var.deps.db, c.req.param('slug'));
    if (!page) return notFoundPage(c);
    const form = await c.req.parseBody();
    const raw = { email: String(form.email ?? ''), zip_code: String(form.zip_code ?? '') };
    const parsed = waitlistInputSchema.safeParse(raw);
    c.header('Content-Security-Policy', PAGE_CSP);
    c.header('Cache-Control', 'no-store');
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? 'Please enter both email and zip code';
      return c.html(
        renderWaitlistAnswer(page, { joined: false, email: raw.email, zip: raw.zip_code, error }),
        400,
      );
    }
    await joinWaitlist(c.var.deps.db, {
      email: parsed.data.email,
      zipCode: parsed.data.zip_code,
      userAgent: c.req.header('user-agent') ?? null,
      ipAddress: c.var.clientIp,
    });
    return c.html(renderWaitlistAnswer(page, { joined: true, zip: parsed.data.zip_code }), 200);
  });

  app.get('/robots.txt', (c) => {
    const base = origin(c.var.deps.publicUrl);
    const private_ = ['/api/', '/admin', '/field', ...OWNER_ROUTES].map((p) => `Disallow: ${p}`).join('\n');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(`User-agent: *\nAllow: /\n${private_}\n\nSitemap: ${base}/sitemap.xml\n`);
  });

  app.get('/sitemap.xml', async (c) => {
    const base = origin(c.var.deps.publicUrl);
    // Crawlers' reads, from the read replica when there is one (decision 1322); the pages themselves come from memory.
    const pages = await countIndexablePages(readDbOf(c.var.deps));
    const staticUrls = SITEMAP_STATIC.map((p) => ({ loc: `${base}${p === '/' ? '/' : p}` }));
    if (pages + staticUrls.length <= SITEMAP_URL_LIMIT) {
      const entries = await sitemapEntries(readDbOf(c.var.deps), 0, SITEMAP_URL_LIMIT);
      return xml(
        c,
        urlset([
          ...staticUrls,
          ...entries.map((p) => ({
            loc: `${base}/seo/${p.slug}`,
            lastmod: p.updatedAt.toISOString().slice(0, 10),
          })),
        ]),
      );
    }
    const parts = Math.ceil(pages / SITEMAP_URL_LIMIT);
    const sitemaps = [
      `${base}/sitemaps/static.xml`,
      ...Array.from({ length: parts }, (_, i) => `${base}/sitemaps/seo-${i + 1}.xml`),
    ];
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
    const entries = await sitemapEntries(
      readDbOf(c.var.deps),
      (Number(n) - 1) * SITEMAP_URL_LIMIT,
      SITEMAP_URL_LIMIT,
    );
    if (entries.length === 0) return notFoundPage(c);
    return xml(
      c,
      urlset(
        entries.map((p) => ({
          loc: `${base}/seo/${p.slug}`,
          lastmod: p.updatedAt.toISOString().slice(0, 10),
        })),
      ),
    );
  });
}
