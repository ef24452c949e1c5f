import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: 404, like another tenant's id (docs/decisions/0002). */
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

/**
 * Ids sent in a request body (a quote line's service, a campaign's template…) must name the business's own rows,
 * like ids in a path: any other id, another tenant's included, is 404 with `message` (issue 24).
 */
export async function assertOwnedIds(
  db: DbOrTx,
  table: PgTable & { id: AnyPgColumn; businessId: AnyPgColumn },
  businessId: string,
  ids: Iterable<string>,
  message: string,
) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  for (const id of wanted) assertUuid(id, message);
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.businessId, businessId), inArray(table.id, wanted)));
  if (rows.length !== wanted.length) throw notFound(message);
}
