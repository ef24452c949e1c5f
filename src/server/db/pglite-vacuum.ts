import type { DatabaseHandle } from './client';

/**
 * PGlite runs no autovacuum (decision 444): after a bulk load its tables' visibility maps stay empty, GIN indexes keep
 * their pending entries and the planner reads stale sizes, so a trigram search can lose to a sequential scan (booking
 * search by customer name at 20,000 customers: 488 ms instead of 48 ms under load). This pass does what autovacuum
 * would, on the tables that need it: `VACUUM ANALYZE` a table of at least MIN_PAGES pages when most of it is not known
 * to be all-visible (grown by inserts since the last vacuum) or when many rows changed since its last analyze
 * (autovacuum's default threshold: 50 rows + 20 % of the table). Decision 925.
 */
const MIN_PAGES = 128;

export async function vacuumWhereNeeded(handle: Pick<DatabaseHandle, 'query' | 'exec'>): Promise<string[]> {
  const { rows } = await handle.query(`
    select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = 'public' and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int >= ${MIN_PAGES}
      and (c.relallvisible < 0.8 * (pg_relation_size(c.oid) / current_setting('block_size')::int)
           or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.2 * greatest(c.reltuples, 0)
           or coalesce(s.n_dead_tup, 0) > 50 + 0.2 * greatest(c.reltuples, 0))
    order by c.relname`);
  const names = rows.map((r) => String(r.name));
  for (const name of names) await handle.exec(`vacuum analyze "${name.replaceAll('"', '""')}"`);
  return names;
}

/**
 * Runs the pass now and then every `everyMs` (default 10 minutes) on an embedded database; a failure is logged and the
 * next pass tries again. Returns a stop function.
 */
export async function startPgliteVacuum(handle: DatabaseHandle, everyMs = 10 * 60_000): Promise<() => void> {
  if (handle.kind !== 'pglite') return () => {};
  const pass = async () => {
    try {
      const done = await vacuumWhereNeeded(handle);
      if (done.length) console.log(`Embedded database: vacuumed and analyzed ${done.join(', ')}`);
    } catch (err) {
      console.warn(`Embedded database: vacuum pass failed: ${err instanceof Error ? err.message : err}`);
    }
  };
  await pass();
  // One pass at a time: a slow pass is not started again over itself.
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void pass().finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
