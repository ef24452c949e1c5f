import { notFound } from '../http/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: 404, like another tenant's id (docs/decisions/002). */
export function assertUuid(id: string, message = 'Not found'): string {
  if (!UUID.test(id)) throw notFound(message);
  return id;
}

export const isUuid = (id: string) => UUID.test(id);

/** PostgreSQL's unique_violation, from node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
