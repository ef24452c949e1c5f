import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b', …)` for a CHECK constraint, from a shared constant list, so a text column's allowed values
 * are written once (src/shared) rather than repeated in the schema. The values are inlined: DDL takes no parameters.
 */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
