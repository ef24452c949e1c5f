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
  /**
   * Reads that tolerate a second of lag (reports, analytics, exports, public page renders): the read replica when
   * DATABASE_READ_URL is set, else `db` itself (decision 1293). Never for a write or a read of one's own write.
   */
  readDb: Database;
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
  /** PostgreSQL only: the pool's connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

/** Called after every query with its time and text (the slow-query log and /metrics; main.ts). */
export type QueryObserver = (ms: number, text: string) => void;

/** Times every query a pg client runs, callback or promise style (drizzle, pg-boss and transactions alike). */
function timeQueries(client: pg.ClientBase, observe: QueryObserver) {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const textOf = (arg: unknown) =>
    typeof arg === 'string' ? arg : String((arg as { text?: string } | null)?.text ?? '');
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    const text = textOf(args[0]);
    const done = () => observe(performance.now() - started, text);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...cbArgs: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...cbArgs);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL when a URL is given, else PGlite (in memory when dataDir is 'memory://'), optionally starting
 * from a data directory dumped by `dumpPgliteDataDir` (the test suite migrates once and loads that per file).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /**
   * PostgreSQL itself, when `databaseUrl` is a pooler in transaction mode (PgBouncer): migrations run here, since their
   * lock is a session advisory lock that a transaction pooler would leave on whichever server connection took it
   * (decision 1292). Everything else, pg-boss included, works through the pooler.
   */
  directUrl?: string;
  /** A streaming replica for lag-tolerant reads (`readDb`; decision 1293). */
  readUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  onQuery?: QueryObserver;
}): Promise<DatabaseHandle> {
  const { onQuery } = opts;
  if (opts.databaseUrl) {
    const max = 10;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max });
    if (onQuery) pool.on('connect', (client) => timeQueries(client, onQuery));
    // An idle pooled connection can be closed by the server (restart, failover, a dropped test database).
    // pg reports that on the pool; without a listener it would crash the process. The pool replaces the client.
    pool.on('error', (err) => console.warn(`PostgreSQL connection closed: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    const readPool = opts.readUrl ? new pg.Pool({ connectionString: opts.readUrl, max }) : null;
    if (readPool && onQuery) readPool.on('connect', (client) => timeQueries(client, onQuery));
    readPool?.on('error', (err) => console.warn(`Read replica connection closed: ${err.message}`));
    return {
      db,
      readDb: readPool ? drizzlePg(readPool, { schema, casing: 'snake_case' }) : db,
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
        // Two direct connections: one holds the lock, the other runs the migrations.
        const direct = opts.directUrl ? new pg.Pool({ connectionString: opts.directUrl, max: 2 }) : null;
        const lockClient = await (direct ?? pool).connect();
        try {
          await lockClient.query('select pg_advisory_lock(727274)');
          await migratePg(direct ? drizzlePg(direct, { schema, casing: 'snake_case' }) : db, {
            migrationsFolder,
          });
        } finally {
          await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
          lockClient.release();
          await direct?.end();
        }
      },
      close: async () => {
        await pool.end();
        await readPool?.end();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the admin SEO search index (docs/decisions/0302).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  if (onQuery) {
    for (const method of ['query', 'exec'] as const) {
      const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await original(...args);
        } finally {
          onQuery(performance.now() - started, String(args[0]));
        }
      };
    }
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    readDb: db,
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
