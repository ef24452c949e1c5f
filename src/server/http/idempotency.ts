import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { FIELD_TEXT, IDEMPOTENCY_HEADER } from '../../shared/field';
import { idempotencyKeys } from '../db/schema';
import type { AppEnv } from './context';
import { AppError, conflict, invalid } from './errors';

// Idempotent writes (IETF httpapi idempotency-key draft; decision 1170). The first request with a key claims it by
// inserting its row (business + user + key, the primary key) in a statement of its own, BEFORE the write runs: a
// concurrent duplicate finds the row still without an answer and gets 409, writing nothing. When the write has
// answered, the answer is stored on the row and every later request with the key gets it back, writing nothing.

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A claim this old without an answer is of a process that died mid-request: the next request takes it over. */
export const IDEMPOTENCY_LEASE_MS = 2 * 60_000;

/**
 * Answers the same request would give again (success, invalid input, not found, too large, wrong type) are kept;
 * the others (not signed in, not allowed, conflicts, rate limits, our own failures) release the key for a retry.
 */
const KEPT = (status: number) =>
  (status >= 200 && status < 300) || [400, 404, 413, 415, 422].includes(status);

/** Key order does not matter in a JSON body; everything else does. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * method + path + a hash of the body. A multipart body is hashed by its fields (a file by its bytes and type), since a
 * retried upload is framed with a new boundary.
 */
async function fingerprintOf(req: AppEnvRequest): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${req.method} ${req.path}\n`);
  const type = req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData();
    const entries = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, value] of entries) {
      hash.update(`${name}=`);
      if (typeof value === 'string') hash.update(value);
      else hash.update(`${value.type}:`).update(new Uint8Array(await value.arrayBuffer()));
      hash.update('\n');
    }
  } else {
    const raw = new Uint8Array(await req.arrayBuffer());
    let canonical: string | null = null;
    if (type.includes('json')) {
      try {
        canonical = canonicalJson(JSON.parse(new TextDecoder().decode(raw)));
      } catch {
        canonical = null;
      }
    }
    hash.update(canonical ?? raw);
  }
  return hash.digest('base64url');
}

type AppEnvRequest = {
  method: string;
  path: string;
  header(name: string): string | undefined;
  formData(): Promise<FormData>;
  arrayBuffer(): Promise<ArrayBuffer>;
};

/**
 * Every write under it needs an `Idempotency-Key` (1–255 characters): missing → 400; a replay → the first answer;
 * the key with another request → 422; the key still being processed → 409. Mount after requireUser.
 */
export const requireIdempotencyKey = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next();
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) throw invalid(FIELD_TEXT.keyMissing);
  if (key.length < 1 || key.length > 255) throw invalid(FIELD_TEXT.keyInvalid);
  const { db } = c.var.deps;
  const scope = { businessId: c.var.businessId, userId: c.var.user.id, key };
  const fingerprint = await fingerprintOf(c.req);
  const where = and(
    eq(idempotencyKeys.businessId, scope.businessId),
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.key, key),
  );

  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...scope, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed.length) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) throw conflict(FIELD_TEXT.keyInFlight);
    if (row.fingerprint !== fingerprint) throw new AppError(422, FIELD_TEXT.keyReused);
    if (row.responseStatus !== null) {
      c.header('Idempotent-Replayed', 'true');
      return c.newResponse(row.responseBody ?? '', row.responseStatus as 200, {
        'content-type': row.responseContentType ?? 'application/json',
      });
    }
    // Still being processed, unless its claim is older than the lease (its process died): then take it over.
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          where,
          isNull(idempotencyKeys.responseStatus),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_LEASE_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!taken.length) throw conflict(FIELD_TEXT.keyInFlight);
  }

  c.set('idempotencyKey', key);
  try {
    await next();
  } catch (err) {
    await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.responseStatus)));
    throw err;
  }
  const status = c.res.status;
  if (!KEPT(status)) {
    await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.responseStatus)));
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: status,
      responseBody: await c.res.clone().text(),
      responseContentType: c.res.headers.get('content-type'),
      completedAt: sql`now()`,
    })
    .where(where);
});
