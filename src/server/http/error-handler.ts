import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, ERROR_CODES } from './errors';
import { pgErrorCode } from './ids';

/**
 * The app's one error handler: typed service errors to their status, and the database's own refusals to the
 * client's 4xx (the transaction they were in wrote nothing); anything else is a logged 500.
 */
export function handleError(err: Error, c: Context) {
  if (err instanceof AppError)
    return c.json({ error: { message: err.message, ...(err.code ? { code: err.code } : {}) } }, err.status);
  if (err instanceof HTTPException)
    return c.json({ error: { message: err.message || 'Request failed' } }, err.status);
  if (err instanceof SyntaxError) return c.json({ error: { message: 'Malformed JSON body' } }, 400);
  const code = pgErrorCode(err);
  // CHECK constraints and numeric ranges back the zod rules (hardening defect 10).
  if (code === '23514' || code === '22003') {
    return c.json(
      { error: { message: 'A value is out of range. Please check the amounts, quantities and durations.' } },
      400,
    );
  }
  // The composite tenancy foreign keys (decision 441): a write naming a row that is gone or another business's
  // names nothing (404, like any other tenant's id, decision 002); a delete of a row still referenced is a 409.
  if (code === '23503') {
    if (isStillReferenced(err)) return c.json({ error: { message: 'This record is still in use.' } }, 409);
    return c.json({ error: { message: 'Not found' } }, 404);
  }
  console.error(`500 ${c.req.method} ${c.req.path}`, err);
  return c.json({ error: { message: 'Something went wrong on our side. Please try again.' } }, 500);
}

/** PostgreSQL's 23503 on DELETE/UPDATE of a parent says "… is still referenced from table …" in its detail. */
function isStillReferenced(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const { detail, message } = e as { detail?: unknown; message?: unknown };
    if (`${detail ?? ''} ${message ?? ''}`.includes('still referenced')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The same answers with a `code` in every error (the public API, decision 1201): `{ error: { message, code } }`, the
 * one error shape with the code added, never a second shape.
 */
export async function handleErrorWithCode(err: Error, c: Context) {
  const res = handleError(err, c);
  const body = (await res.clone().json()) as { error: { message: string; code?: string } };
  body.error.code ??= ERROR_CODES[res.status] ?? 'error';
  return c.json(body, res.status as 400);
}
