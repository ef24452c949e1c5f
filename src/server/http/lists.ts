import { z } from '@hono/zod-openapi';
import { invalid } from './errors';

/**
 * The one list shape of the API: `{ items, nextCursor }`, newest or soonest first as each route documents;
 * `nextCursor` is null on the last page. Deletes answer 204 with no body.
 */
export const listQuerySchema = z.object({
  cursor: z.string().max(500).optional().openapi({ description: 'The nextCursor of the previous page' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  q: z.string().trim().max(200).optional().openapi({ description: 'Search text' }),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Path parameter `{id}`: a malformed id is checked by the service with assertUuid (404, decision 002). */
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
