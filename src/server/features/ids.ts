import { notFound } from '../http/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: 404, like another tenant's id (docs/decisions/002). */
export function assertUuid(id: string, message = 'Not found'): string {
  if (!UUID.test(id)) throw notFound(message);
  return id;
}

export const isUuid = (id: string) => UUID.test(id);

/** The PostgreSQL error code of a failed query, from node-postgres or PGlite, possibly wrapped by Drizzle (`cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
