import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * With DATABASE_URL set, the suite runs on PostgreSQL: one migrated template database is made here,
 * and each test file clones it into a database of its own (see harness.ts).
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
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
