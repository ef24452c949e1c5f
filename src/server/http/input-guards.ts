import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

export const NUL_MESSAGE = 'Text may not contain NUL characters';
export const UNPAIRED_SURROGATE_MESSAGE = 'Text must be valid Unicode (no unpaired surrogate characters)';
/** Deeper than any body a route takes (a few levels), far below what recursive code on the way can bear. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `JSON may not be nested more than ${MAX_JSON_DEPTH} levels deep`;

const MAX_FORM_BYTES = 11 * 1024 * 1024;

const hasNul = (text: string) => text.includes('\u0000');
// A lone half of a UTF-16 pair (JSON's "\ud800"): PostgreSQL cannot store it, so the insert answered 500.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// The same in a URL: UTF-8 cannot encode a surrogate, so ED A0–BF (CESU-8/WTF-8) is one, paired or not.
const ENCODED_SURROGATE = /%ed%[ab][0-9a-f]/i;

/** Why a text field is refused, or null. */
function textProblem(text: string): string | null {
  if (hasNul(text)) return NUL_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return UNPAIRED_SURROGATE_MESSAGE;
  return null;
}

/**
 * Every string and key in a parsed JSON value, walked with a stack of its own (a recursive walk overflowed the call
 * stack on a 50,000-deep array and answered 500): a value nested deeper than MAX_JSON_DEPTH is refused before any
 * route's code, much of it recursive, sees it.
 */
export function jsonProblem(root: unknown): string | null {
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
      if (Array.isArray(value)) {
        for (const item of value) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(value)) {
          const problem = textProblem(key);
          if (problem) return problem;
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return null;
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

async function formProblem(request: Request): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) return null;
  const bytes = await bodyUpTo(request, MAX_FORM_BYTES);
  if (!bytes) return null;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: request.headers }).formData();
  } catch {
    return null; // a malformed form is the route's 400
  }
  for (const [key, value] of form.entries()) {
    const problem = textProblem(key) ?? textProblem(typeof value === 'string' ? value : value.name);
    if (problem) return problem;
  }
  return null;
}

/**
 * Checks every request once, before any route: a NUL byte or an unpaired surrogate in the path, query, JSON body,
 * form field or upload file name is a 400 (PostgreSQL cannot store either, so each route answered 500), and so is
 * JSON nested deeper than MAX_JSON_DEPTH. (An empty PATCH is refused by the routers' validation hook,
 * http/openapi.ts, after each route's guards.)
 */
export const inputGuards = createMiddleware<AppEnv>(async (c, next) => {
  const url = c.req.url;
  if (/%00/.test(url) || hasNul(url) || hasNul(c.req.path))
    return c.json({ error: { message: NUL_MESSAGE } }, 400);
  if (url.includes('%') && ENCODED_SURROGATE.test(url))
    return c.json({ error: { message: UNPAIRED_SURROGATE_MESSAGE } }, 400);
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !c.req.raw.body) return next();
  const type = c.req.header('content-type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const problem = await formProblem(c.req.raw.clone());
    return problem ? c.json({ error: { message: problem } }, 400) : next();
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
  const problem = jsonProblem(body);
  return problem ? c.json({ error: { message: problem } }, 400) : next();
});
