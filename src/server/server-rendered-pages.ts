import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { type AppliedBranding, brandIconTag } from '../shared/branding';
import { escapeHtml } from '../shared/html';
import { formatMoney } from '../shared/money';
import { businessBookMeta, DEFAULT_PAGE_META, type PageMeta, PUBLIC_PAGE_META } from '../shared/page-meta';
import { zipOf } from '../web/features/bookings/book/book-screen';
import type { BookingOptions } from '../web/features/bookings/book/booking-queries';
import { BOOK_STATE_ID, type BookIslandState } from '../web/islands/book-state';
import {
  ISLAND_ENTRIES,
  type Island,
  renderBookPage,
  renderPublicPage,
  SERVER_RENDERED_PAGES,
} from '../web/ssr/render-public-page';
import { readSignedIn } from './access/signed-in';
import { businessPlace, getBookingOptions } from './features/bookings/book/booking-options.service';
import { getPublicSettings } from './features/platform-settings/platform-settings.service';
import type { AppEnv } from './http/context';
import { AppError } from './http/errors';
import { type StaticFile, sendFile, staticFileOf } from './http/web-static';
import { pageHeadTags } from './providers/content/page-head';

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The script tag of an island: its entry only. The browser fetches the chunks it imports once the entry arrives; no
 * modulepreload, so the stylesheet and the server-rendered content do not share the first round trips' bandwidth with
 * the island's script (decision 912, addendum: /book's first paint, and its LCP, waited on the preloads).
 */
function islandTags(manifest: Manifest, island: Island): string {
  const entry = manifest[ISLAND_ENTRIES[island]];
  if (!entry) throw new Error(`The build has no ${ISLAND_ENTRIES[island]} (vite.config.ts inputs)`);
  return `<script type="module" crossorigin src="/${entry.file}"></script>`;
}

const PAGE_HEAD = '<!--page-head-->';

/**
 * The built index.html without the web app's scripts, its title and description: head (meta, styles), a place for
 * the page's own title and description (decision 914) and an empty #root.
 */
function shellOf(indexHtml: string) {
  const shell = indexHtml
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, PAGE_HEAD);
  if (!shell.includes('<div id="root"></div>') || !shell.includes(PAGE_HEAD))
    throw new Error('index.html has no #root or <title>');
  return shell;
}

/**
 * A signed-in visitor sees "Dashboard" in the header. Read as every signed-in request is (readSignedIn, decision 925):
 * the database is read only for a correctly signed session cookie, so anonymous visits cost no query.
 */
async function isSignedIn(c: Context<AppEnv>) {
  try {
    return Boolean(await readSignedIn(c.var.deps.auth, c.var.deps.db, c.req.raw.headers));
  } catch {
    return false;
  }
}

/** The shell of a white-labelled business's page: its icon (logo, or initial on its colour) and its colour as theme. */
function brandedShell(shell: string, branding: AppliedBranding) {
  return shell
    .replace(/\s*<link rel="icon"[^>]*>/, '')
    .replace('</head>', `  ${brandIconTag(branding)}\n  </head>`)
    .replace(
      /<meta name="theme-color"[^>]*>/,
      `<meta name="theme-color" content="${escapeHtml(branding.color ?? '#ffffff')}" />`,
    );
}

const CACHE_LIMIT = 256;

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The business's structured data (schema.org): name, contact, link and its services with their starting prices. */
function businessJsonLd(options: BookingOptions, url: string) {
  const business = options.business;
  if (!business) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoWash',
    name: business.branding?.displayName || (business.name ?? 'Mobile detailer'),
    ...(business.tagline ? { description: business.tagline } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    url,
    makesOffer: options.services.map((s) => ({
      '@type': 'Offer',
      priceCurrency: 'USD',
      price: formatMoney(s.basePriceCents),
      itemOffered: {
        '@type': 'Service',
        name: s.name,
        ...(s.description ? { description: s.description } : {}),
      },
    })),
  };
}

/**
 * Serves the public pages as complete HTML rendered by React on the server (docs/decisions/0910), each with only its
 * island's script. A page is rendered once per distinct input (path, signed in or not, platform settings, year) and
 * kept compressed in memory. Mounted only when the build has a manifest (tests with a stub build serve index.html).
 */
export function mountServerRenderedPages(app: Hono<AppEnv>, distDir: string, indexHtml: string) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const shell = shellOf(indexHtml);
  const tags = Object.fromEntries(
    Object.keys(ISLAND_ENTRIES).map((island) => [island, islandTags(manifest, island as Island)]),
  );
  const cache = new Map<string, StaticFile>();

  // The page's own title, description, canonical link and Open Graph tags (decision 914), its island and extra head.
  // A white-labelled business's page names it as the site, and its icon and colour replace ShineRoute's (1340).
  const documentOf = (
    c: Context<AppEnv>,
    island: Island,
    meta: PageMeta,
    canonicalPath: string,
    body: string,
    head = '',
    branding: AppliedBranding | null = null,
  ) =>
    (branding ? brandedShell(shell, branding) : shell)
      .replace(
        PAGE_HEAD,
        pageHeadTags({
          ...meta,
          url: `${c.var.deps.publicUrl.replace(/\/+$/, '')}${canonicalPath}`,
          ...(branding ? { siteName: branding.displayName } : {}),
        }).join('\n    '),
      )
      .replace('</head>', `    ${tags[island]}${head}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`);

  // /book and /book/{slug}: rendered for each request with the options the API would answer (not cached: they
  // carry today's date, the services and the booking window).
  app.get('*', async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    // /book/{business} and a location's own link /book/{business}/{location} (decision 1280).
    const [, slug, locationSlug] = /^\/book\/([^/]+)(?:\/([^/]+))?$/.exec(path) ?? [];
    if (path !== '/book' && !slug) return next();
    let business: string | undefined;
    let location: string | undefined;
    try {
      business = slug ? decodeURIComponent(slug) : (c.req.query('business') ?? undefined);
      location = locationSlug ? decodeURIComponent(locationSlug) : undefined;
    } catch {
      // A malformed escape (`/book/%E0%A4%A`) names no business.
      business = '';
    }
    const zip = zipOf(c.req.query('zip') ?? null);
    let unknownBusiness = business === '';
    const [signedIn, settings, options] = await Promise.all([
      isSignedIn(c),
      getPublicSettings(c.var.deps.db),
      // The screen shows the API's answer; a failure (an unknown business) is left to the island, which shows it.
      getBookingOptions(c.var.deps.db, { business, zip, location }).then(
        (o) => JSON.parse(JSON.stringify(o)) as BookingOptions,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 404) unknownBusiness = true;
          return null;
        },
      ),
    ]);
    // A business's page is titled with its name and city; /book itself (demo services, the detailers of a zip) with
    // the booking page's own. The canonical link keeps only what names the business.
    const branding = options?.business?.branding ?? null;
    const meta = options?.business
      ? businessBookMeta(
          options.business,
          await businessPlace(c.var.deps.db, options.business.id),
          branding?.displayName,
        )
      : PUBLIC_PAGE_META['/book']!;
    const canonicalPath =
      !slug && options?.business && business ? `${path}?business=${encodeURIComponent(business)}` : path;
    const state: BookIslandState = {
      business,
      location,
      zip,
      cancelled: Boolean(c.req.query('cancelled')),
      options,
    };
    const body = renderBookPage({ path, search: new URL(c.req.url).search, signedIn, settings }, state);
    const jsonLd = options
      ? businessJsonLd(options, `${c.var.deps.publicUrl.replace(/\/+$/, '')}${path}`)
      : null;
    const head = [
      `\n    <script type="application/json" id="${BOOK_STATE_ID}">${scriptJson(state)}</script>`,
      jsonLd ? `\n    <script type="application/ld+json">${scriptJson(jsonLd)}</script>` : '',
    ].join('');
    // An unknown business answers 404 (crawlers drop the link); the island still shows the API's message.
    return sendFile(
      c,
      staticFileOf(
        documentOf(c, 'book', meta, canonicalPath, body, head, branding),
        'text/html; charset=utf-8',
        'no-cache',
      ),
      unknownBusiness ? 404 : 200,
    );
  });

  app.get('*', async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const page = SERVER_RENDERED_PAGES[path];
    if (!page) return next();
    const [signedIn, settings] = await Promise.all([isSignedIn(c), getPublicSettings(c.var.deps.db)]);
    if (signedIn && page.anonymousOnly) return next();
    const query = new URLSearchParams();
    for (const name of page.query ?? []) {
      const value = c.req.query(name);
      if (value !== undefined) query.set(name, value.slice(0, 100));
    }
    for (const name of page.flags ?? []) if (c.req.query(name)) query.set(name, '1');
    const search = query.size > 0 ? `?${query}` : '';
    const key = JSON.stringify([path, search, signedIn, settings, new Date().getFullYear()]);
    let file = cache.get(key);
    if (!file) {
      const rendered = renderPublicPage({ path, search, signedIn, settings });
      if (!rendered) return next();
      file = staticFileOf(
        documentOf(c, rendered.island, PUBLIC_PAGE_META[path] ?? DEFAULT_PAGE_META, path, rendered.html),
        'text/html; charset=utf-8',
        'no-cache',
      );
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, file);
    }
    return sendFile(c, file);
  });
}
