import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** Both drivers expose the same query API; we type against node-postgres's. */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a raw SQL script (several statements, no parameters). */
  exec(sqlText: string): Promise<void>;
  /** Raw parameterised SQL (for pg-boss); parameterless text may hold several statements. */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  /** Applies the generated migrations (safe when several instances start at once). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball, for `openDatabase({ loadDataDir })`. */
  dumpDataDir?(): Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL when a URL is given, else PGlite (in memory when dataDir is 'memory://'), optionally starting
 * from a data directory dumped by `dumpPgliteDataDir` (the test suite migrates once and loads that per file).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle pooled connection can be closed by the server (restart, failover, a dropped test database).
    // pg reports that on the pool; without a listener it would crash the process. The pool replaces the client.
    pool.on('error', (err) => console.warn(`PostgreSQL connection closed: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        await pool.query(text);
      },
      query: async (text, values) => {
        const result = await pool.query(text, values as unknown[] | undefined);
        // Several statements in one text answer one result each; the caller wants the last.
        const r = (Array.isArray(result) ? result.at(-1) : result) as pg.QueryResult | undefined;
        return { rows: r?.rows ?? [], rowCount: r?.rowCount ?? r?.rows.length ?? 0 };
      },
      migrate: async () => {
        // A session-level advisory lock held on one connection serialises migrations across instances.
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock(727274)');
          await migratePg(db, { migrationsFolder });
        } finally {
          await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
          lockClient.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the admin SEO search index (docs/decisions/0302).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    query: async (text, values) => {
      // PGlite refuses several statements in one prepared query; pg-boss sends its schema that way.
      if (!values?.length) {
        const results = await client.exec(text);
        const last = results.at(-1) ?? { rows: [] as Record<string, unknown>[], affectedRows: 0 };
        return { rows: last.rows, rowCount: last.affectedRows ?? last.rows.length };
      }
      const r = await client.query<Record<string, unknown>>(text, values);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite drizzle instance is typed as node-postgres above
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: async () => client.dumpDataDir('none'),
  };
}
