/** Something that runs SQL and answers rows: a pg client, a pool, or PGlite. */
export type Querier = (text: string) => Promise<Record<string, unknown>[]>;

/** A table's row count and checksum, as a backup's manifest records them and a restore compares them. */
export interface TableSum {
  rows: number;
  checksum: string;
}

/** The schemas a backup holds and verifies: the app's tables and drizzle's migration journal. */
export const APP_SCHEMAS = ['public', 'drizzle'];

/**
 * Every app table's row count and an order-free checksum: the sum of a 60-bit prefix of each row's md5, rendered in
 * UTC with ISO dates and exact floats, so PGlite and PostgreSQL, sorted in any collation, agree on equal data.
 */
export async function tableChecksums(query: Querier): Promise<Record<string, TableSum>> {
  await query(
    `set timezone = 'UTC'; set datestyle = 'ISO, MDY'; set extra_float_digits = 3; set bytea_output = 'hex'`,
  );
  const tables = await query(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in (${APP_SCHEMAS.map((s) => `'${s}'`).join(', ')})
     order by 1, 2`,
  );
  const sums: Record<string, TableSum> = {};
  for (const { s, t } of tables as Array<{ s: string; t: string }>) {
    const name = `"${s}"."${t.replaceAll('"', '""')}"`;
    const [row] = await query(
      `select count(*)::int as n,
         coalesce(sum(('x' || substr(md5(r::text), 1, 15))::bit(60)::bigint), 0)::text as sum
       from ${name} r`,
    );
    sums[`${s}.${t}`] = { rows: Number(row!.n), checksum: String(row!.sum) };
  }
  return sums;
}

/** The tables whose count or checksum differ (or that one side lacks), for a restore's verdict. */
export function compareChecksums(expected: Record<string, TableSum>, actual: Record<string, TableSum>) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((n) => expected[n]?.rows !== actual[n]?.rows || expected[n]?.checksum !== actual[n]?.checksum)
    .map((n) => ({ table: n, expected: expected[n] ?? null, actual: actual[n] ?? null }));
}
