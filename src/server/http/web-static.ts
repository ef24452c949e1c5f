import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { isFieldPath, isKnownAppPath } from '../../shared/routes';
import type { AppEnv } from './context';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/** The technician's installable app, a page of its own (docs/decisions/1175). */
const FIELD_PAGE = '/field/index.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The field app's service worker and manifest (docs/decisions/1175) are revalidated on every load: a worker cached for
 * an hour would keep serving the previous build's shell after a deploy.
 */
const REVALIDATED = new Set(['/sw.js', '/manifest.webmanifest']);

/** One file as it goes out: its bytes plain and, when worth it, brotli and gzip (built by scripts/vite-precompress). */
export interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The encoding to send: brotli, else gzip, else none (a `;q=0` refuses one). */
export function pickEncoding(
  acceptEncoding: string | undefined,
  file: StaticFile,
): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || (!file.br && !file.gzip)) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name) accepted.add(name.trim());
  }
  if (file.br && accepted.has('br')) return 'br';
  if (file.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

/** Answers with the file: 304 when the ETag matches, else the best encoding the client takes. */
export function sendFile(c: Context, file: StaticFile, status: 200 | 404 = 200) {
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    ETag: file.etag,
  };
  if (file.br || file.gzip) headers.Vary = 'Accept-Encoding';
  if (status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
  const encoding = pickEncoding(c.req.header('accept-encoding'), file);
  if (encoding) headers['Content-Encoding'] = encoding;
  const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.plain;
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(
    new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
    status,
    headers,
  );
}

/** A file made in memory (an HTML page): compressed once, here. */
export function staticFileOf(content: string | Buffer, type: string, cacheControl: string): StaticFile {
  const plain = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    type,
    cacheControl,
    etag: etagOf(plain),
    plain,
    ...smaller(plain, brotliCompressSync(plain), gzipSync(plain, { level: 9 })),
  };
}

/** The compressed copies worth sending: those smaller than the plain bytes. */
const smaller = (plain: Buffer, br: Buffer | undefined, gzip: Buffer | undefined) => ({
  ...(br && br.length < plain.length ? { br } : {}),
  ...(gzip && gzip.length < plain.length ? { gzip } : {}),
});

const etagOf = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // .vite (the build manifest) is not public
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (!/\.(br|gz)$/.test(name)) yield path;
  }
}

/** Every built file by its URL path, held in memory (the build is ~1–2 MB with its compressed copies). */
export function loadStaticFiles(distDir: string) {
  const files = new Map<string, StaticFile>();
  for (const path of walk(distDir)) {
    const urlPath = `/${relative(distDir, path).split(sep).join('/')}`;
    if (urlPath === '/index.html' || urlPath === FIELD_PAGE) continue; // served as the apps' pages
    const plain = readFileSync(path);
    const br = existsSync(`${path}.br`) ? readFileSync(`${path}.br`) : undefined;
    const gzip = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`) : undefined;
    files.set(urlPath, {
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      // Vite names assets by their content hash; other public files (favicon…) may change under the same name.
      cacheControl: urlPath.startsWith('/assets/')
        ? IMMUTABLE
        : REVALIDATED.has(urlPath)
          ? 'no-cache'
          : 'public, max-age=3600',
      etag: etagOf(plain),
      plain,
      ...smaller(plain, br, gzip),
    });
  }
  return files;
}

/**
 * Serves the built web app from memory: assets (hashed, cached for a year) and public files as precompressed
 * bytes chosen by Accept-Encoding; the spec's routes as index.html (`no-cache` + ETag); anything else as a logged 404.
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  distDir: string,
  mountPages: (app: Hono<AppEnv>, distDir: string, indexHtml: string) => void,
) {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath))
    throw new Error(`The web app is not built (${indexPath} is missing). Run: npm run build`);
  const indexHtml = readFileSync(indexPath);
  const index = staticFileOf(indexHtml, TYPES['.html']!, 'no-cache');
  const files = loadStaticFiles(distDir);
  const fieldPath = join(distDir, FIELD_PAGE);
  const fieldPage = existsSync(fieldPath)
    ? staticFileOf(readFileSync(fieldPath), TYPES['.html']!, 'no-cache')
    : undefined;

  app.on(['GET', 'HEAD'], '*', (c, next) => {
    const file = files.get(c.req.path);
    return file ? sendFile(c, file) : next();
  });
  // The public pages as server-rendered HTML (docs/decisions/0910, app.ts gives them); index.html for the rest.
  mountPages(app, distDir, indexHtml.toString('utf8'));
  app.get('*', (c) => {
    // The service worker precaches the page by its file name too.
    if (fieldPage && (c.req.path === FIELD_PAGE || isFieldPath(c.req.path))) return sendFile(c, fieldPage);
    if (isKnownAppPath(c.req.path)) return sendFile(c, index);
    console.warn(`404 ${c.req.method} ${c.req.path}`);
    return sendFile(c, index, 404);
  });
}
