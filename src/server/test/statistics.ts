import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * ANALYZE that reads every row of the tables. PostgreSQL samples 300 × the statistics target rows (30,000 by default)
 * at random, so above that the estimates a plan test rests on change from run to run: at 40,000 customers one run in
 * some hundred put a searched row among the histogram's bounds and the planner chose another plan. With a target
 * that covers the table the sample is the table, and the plan is the same on every run.
 */
export async function analyzeEveryRow(db: Database, tables: readonly string[]) {
  let rows = 0;
  for (const table of tables) {
    const counted = await db.execute<{ n: string }>(
      sql`select count(*)::text as n from ${sql.identifier(table)}`,
    );
    rows = Math.max(rows, Number(counted.rows[0]!.n));
  }
  const target = Math.min(10_000, Math.max(100, Math.ceil(rows / 300) + 1));
  await db.transaction(async (tx) => {
    // `set local` keeps the target to this transaction (a pooled connection goes back to others unchanged).
    await tx.execute(sql.raw(`set local default_statistics_target = ${target}`));
    for (const table of tables) await tx.execute(sql`analyze ${sql.identifier(table)}`);
  });
}
