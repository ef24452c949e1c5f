import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { ISLAND_ENTRIES, type Island, renderPublicPage, SERVER_RENDERED_PAGES } from '../../web/ssr/render-public-page';
import { getPublicSettings } from '../features/platform-settings/platform-settings.service';
import type { AppEnv } from './context';
import { type StaticFile, sendFile, staticFileOf } from './web-static';

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The script tags of an island: its entry and, preloaded, the chunks it imports (so they load in parallel). */
function islandTags(manifest: Manifest, island: Island): string {
  const entry = manifest[ISLAND_ENTRIES[island]];
  if (!entry) throw new Error(`The build has no ${ISLAND_ENTRIES[island]} (vite.config.ts inputs)`);
  const preload = new Set<string>();
  const walk = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      const file = manifest[imported]?.file;
      if (file && !preload.has(file)) {
        preload.add(file);
        walk(imported);
      }
    }
  };
  walk(ISLAND_ENTRIES[island]);
  return [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...[...preload].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

/** The built index.html without the web app's scripts: head (meta, title, styles) and an empty #root. */
function shellOf(indexHtml: string) {
  const shell = indexHtml
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (!shell.includes('<div id="root"></div>') || !shell.includes('</head>')) throw new Error('index.html has no #root');
  return shell;
}

/** A signed-in visitor sees "Dashboard" in the header; the session is read only when a session cookie came along. */
async function isSignedIn(c: Context<AppEnv>) {
  if (!/(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(c.req.header('cookie') ?? '')) return false;
  try {
    return Boolean(await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers }));
  } catch {
    return false;
  }
}

const CACHE_LIMIT = 256;

/**
 * Serves the public pages as complete HTML rendered by React on the server (docs/decisions/910), each with only its
 * island's script. A page is rendered once per distinct input (path, signed in or not, platform settings, year) and
 * kept compressed in memory. Mounted only when the build has a manifest (tests with a stub build serve index.html).
 */
export function mountServerRenderedPages(app: Hono<AppEnv>, distDir: string, indexHtml: string) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const shell = shellOf(indexHtml);
  const tags = Object.fromEntries(Object.keys(ISLAND_ENTRIES).map((island) => [island, islandTags(manifest, island as Island)]));
  const cache = new Map<string, StaticFile>();

  app.get('*', async (c, next) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    if (!SERVER_RENDERED_PAGES[path]) return next();
    const [signedIn, settings] = await Promise.all([isSignedIn(c), getPublicSettings(c.var.deps.db)]);
    const key = JSON.stringify([path, signedIn, settings, new Date().getFullYear()]);
    let file = cache.get(key);
    if (!file) {
      const page = renderPublicPage({ path, search: '', signedIn, settings });
      if (!page) return next();
      const html = shell
        .replace('</head>', `    ${tags[page.island]}\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
      file = staticFileOf(html, 'text/html; charset=utf-8', 'no-cache');
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, file);
    }
    return sendFile(c, file);
  });
}
