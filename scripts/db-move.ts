// npm run db:move -- --to=postgres://…: copies the embedded database in DATA_DIR (no server may have it open) into a
// fresh PostgreSQL database, verifies every table, and prints the DATABASE_URL to start with (decision 1232). Uploaded
// files stay where they are (DATA_DIR/uploads), which the server keeps using on PostgreSQL.
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadEnv } from '../src/server/env';
import { moveToPostgres } from '../src/server/ops/db-move';
import { argsOf, assertPgliteNotInUse } from './ops-args';

const env = loadEnv();
const argv = process.argv.slice(2);
// Both `--to=URL` and `--to URL`.
const toAt = argv.indexOf('--to');
const to = toAt >= 0 ? argv[toAt + 1] : argsOf(argv).to;
if (!to?.startsWith('postgres'))
  throw new Error('Usage: npm run db:move -- --to postgres://user@host:5432/database');
const dataDir = join(resolve(env.DATA_DIR), 'pglite');
assertPgliteNotInUse(dataDir);
const source = await PGlite.create(dataDir, { extensions: { pg_trgm } });
try {
  const started = Date.now();
  const result = await moveToPostgres({ source, databaseUrl: to });
  for (const m of result.mismatches) console.error(`MISMATCH ${m.table}: ${JSON.stringify(m)}`);
  if (result.mismatches.length) {
    console.error(`Move NOT verified: ${result.mismatches.length} tables differ. Do not switch to the copy.`);
    process.exitCode = 1;
  } else {
    console.log(
      `Copied ${result.tables} tables, ${result.rows} rows and ${result.sequences} sequences in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s; every table's count and checksum match.`,
    );
    if (result.pendingJobsLeftBehind) {
      console.log(`${result.pendingJobsLeftBehind} queued jobs were not copied (the queue starts empty).`);
    }
    console.log(`Start the server on it with:\n  DATABASE_URL=${to}`);
  }
} finally {
  await source.close();
}
