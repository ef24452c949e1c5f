import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * The suite migrates once. With DATABASE_URL set it runs on PostgreSQL: one migrated template database is made
 * here, and each test file clones it into a database of its own (see harness.ts). Without it (PGlite), a migrated
 * in-memory database is dumped to a tarball here, and each test file starts a PGlite from it.
 */
export default async function setup() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return snapshotPglite();
  // Through a pooler (DATABASE_DIRECT_URL set, decision 1323), databases are made, migrated and dropped on PostgreSQL
  // itself: the pooler's idle server connections to the template would refuse its clones.
  const url = process.env.DATABASE_DIRECT_URL ?? databaseUrl;
  const template = `shineroute_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, template) });
  await handle.migrate();
  await handle.close();
  await admin.end();
  process.env.TEST_PG_TEMPLATE = template;

  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    // A worker may have ended while its next file's clone was still being made (harness.ts): let it finish first.
    for (let i = 0; i < 100; i++) {
      const { rows: making } = await cleanup.query(
        `select 1 from pg_stat_activity where state = 'active' and query ilike $1 and pid <> pg_backend_pid()`,
        [`create database shineroute_t${process.pid}_%`],
      );
      if (making.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const { rows } = await cleanup.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`shineroute_t${process.pid}_%`],
    );
    for (const { datname } of rows) await cleanup.query(`drop database if exists ${datname} with (force)`);
    await cleanup.query(`drop database if exists ${template} with (force)`);
    await cleanup.end();
  };
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function snapshotPglite() {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const tarball = await handle.dumpDataDir?.();
  await handle.close();
  if (!tarball) throw new Error('PGlite did not dump its data directory');
  const dir = mkdtempSync(join(tmpdir(), 'shineroute-test-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  process.env.TEST_PGLITE_SNAPSHOT = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
