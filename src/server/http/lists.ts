import { z } from '@hono/zod-openapi';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { invalid } from './errors';
import { isUuid } from './ids';

/**
 * The one list shape of the API: `{ items, nextCursor }`, newest or soonest first as each route documents;
 * `nextCursor` is null on the last page. Deletes answer 204 with no body (docs/decisions/0420).
 */
export const listQuerySchema = z.object({
  cursor: z.string().max(500).optional().openapi({ description: 'The nextCursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  q: z.string().trim().max(200).optional().openapi({ description: 'Search text' }),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  });

/**
 * A small, bounded list answered whole (a business's service areas, a week of bookings, the latest 20 pages): the
 * one shape, with no next page (decision 1135).
 */
export const wholeList = <T>(items: T[]) => ({ items, nextCursor: null });

/** A picker's list (every active service, every item): the same shape with a bigger page. */
export const optionsQuerySchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(500).default(500),
});

/**
 * Path parameter `{id}`, the one id-param schema of the API: a malformed id is checked by the service with
 * assertUuid and answers 404 like another tenant's id (decision 002), never 400.
 */
export const idParamSchema = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

/** An opaque keyset cursor: the sort key values of the last row of a page. */
export function encodeCursor(values: (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): (string | number | null)[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length) return values;
  } catch {
    // falls through to the 400 below
  }
  throw invalid('Invalid cursor');
}

/** Fetch `limit + 1` rows, then cut: the extra row says whether there is a next page. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (row: T) => (string | number | null)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

/** What a keyset column holds; a cursor value of the wrong kind is a 400, never a database error. */
export type KeyKind = 'timestamp' | 'uuid' | 'text' | 'int';
export interface SortKey {
  column: SQLWrapper;
  kind: KeyKind;
}

const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-](0\d|1[0-5])(:?[0-5]\d)?|Z)?$/;

/** A real calendar timestamp as PostgreSQL prints one (no 2026-02-30: that would be a database error). */
function isTimestampText(value: string): boolean {
  const m = TIMESTAMP_TEXT.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function keyValue(kind: KeyKind, value: unknown): SQL {
  if (kind === 'timestamp' && typeof value === 'string' && isTimestampText(value))
    return sql`${value}::timestamptz`;
  if (kind === 'uuid' && typeof value === 'string' && isUuid(value)) return sql`${value}::uuid`;
  if (kind === 'text' && typeof value === 'string' && !value.includes('\u0000')) return sql`${value}`;
  if (kind === 'int' && typeof value === 'number' && Number.isSafeInteger(value)) return sql`${value}`;
  throw invalid('Invalid cursor');
}

/**
 * The rows after a cursor in keyset order: one row comparison `(k1, k2, id) < (v1, v2, v3)` (`>` ascending),
 * which PostgreSQL answers from a btree index on `(business_id, k1, k2, id)`. Timestamps travel as the
 * database's own text (see `cursorText`), so microseconds survive and no row is skipped or repeated.
 */
export function afterCursor(
  cursor: string | undefined,
  keys: SortKey[],
  direction: 'asc' | 'desc',
): SQL | undefined {
  if (!cursor) return undefined;
  const values = decodeCursor(cursor, keys.length).map((v, i) => keyValue(keys[i]!.kind, v));
  const columns = sql.join(
    keys.map((k) => sql`${k.column}`),
    sql`, `,
  );
  const after = sql.join(values, sql`, `);
  return direction === 'desc' ? sql`(${columns}) < (${after})` : sql`(${columns}) > (${after})`;
}

/** A timestamp column as exact text for a cursor (a JS Date keeps milliseconds; PostgreSQL keeps microseconds). */
export const cursorText = (column: SQLWrapper) => sql<string>`${column}::text`;
