import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// The tenancy metadata, read from the database itself (decision 1236): every table with a business_id column holds
// a business's rows, so a table a feature adds later is exported and purged without editing this feature.

export async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** Every table of the public schema with a business_id column. */
export async function tenantTableNames(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and c.column_name = 'business_id' and t.table_type = 'BASE TABLE'
         order by c.table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** A table's columns in their order. */
export async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await rowsOf<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns
         where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}

/** Columns that name a file in the storage provider (the business's uploads), by naming convention. */
const FILE_COLUMNS = ['storage_key', 'storage_path', 'thumb_key'];

/** Tenant tables with their file-key columns, e.g. field_photos → [storage_key, thumb_key]. */
export async function fileColumns(db: DbOrTx): Promise<Array<{ table: string; columns: string[] }>> {
  const tenant = new Set(await tenantTableNames(db));
  const rows = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
         where table_schema = 'public' and column_name in (${sql.join(
           FILE_COLUMNS.map((c) => sql`${c}`),
           sql`, `,
         )}) order by table_name, column_name`,
  );
  const byTable = new Map<string, string[]>();
  for (const r of rows)
    if (tenant.has(r.table_name))
      byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  return [...byTable].map(([table, columns]) => ({ table, columns }));
}
