import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

export const NUL_MESSAGE = 'Text may not contain NUL characters';

const MAX_FORM_BYTES = 11 * 1024 * 1024;

const hasNul = (text: string) => text.includes('\u0000');

/** Every string and key in a parsed JSON value. */
function jsonHasNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasNul(k) || jsonHasNul(v));
  return false;
}

/** The body, or null past `max` bytes (an upload too large is the upload route's 413, not read here). */
async function bodyUpTo(request: Request, max: number): Promise<Buffer | null> {
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not awaited: a tee branch's cancel settles only once the other branch (the route's) is done too.
      void reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function formHasNul(request: Request): Promise<boolean> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) return false;
  const bytes = await bodyUpTo(request, MAX_FORM_BYTES);
  if (!bytes) return false;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: request.headers }).formData();
  } catch {
    return false; // a malformed form is the route's 400
  }
  for (const [key, value] of form.entries()) {
    if (hasNul(key) || hasNul(typeof value === 'string' ? value : value.name)) return true;
  }
  return false;
}

/**
 * Checks every request once, before any route: a NUL byte in the path, query, JSON body, form field or upload file
 * name is a 400 (PostgreSQL cannot store it, so each route answered 500). (An empty PATCH is refused by the routers'
 * validation hook, http/openapi.ts, after each route's guards.)
 */
export const inputGuards = createMiddleware<AppEnv>(async (c, next) => {
  const url = c.req.url;
  if (/%00/.test(url) || hasNul(url) || hasNul(c.req.path)) return c.json({ error: { message: NUL_MESSAGE } }, 400);
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !c.req.raw.body) return next();
  const type = c.req.header('content-type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    if (await formHasNul(c.req.raw.clone())) return c.json({ error: { message: NUL_MESSAGE } }, 400);
    return next();
  }
  const text = await c.req.raw.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the raw text still may not carry a NUL; a malformed JSON body is the route's 400.
    if (hasNul(text)) return c.json({ error: { message: NUL_MESSAGE } }, 400);
    return next();
  }
  if (jsonHasNul(body)) return c.json({ error: { message: NUL_MESSAGE } }, 400);
  return next();
});
