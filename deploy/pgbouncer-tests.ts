// npm run pgbouncer:tests [-- file.test.ts … [vitest's options, e.g. -t "a name" --reporter=verbose]]
//
// The test files that reach the database, through PgBouncer in transaction mode (decision 1323): starts pgbouncer on a
// free 127.0.0.1 port (4331–4340: CI runs the PgBouncer and replica checks, on 4310–4330, meanwhile; decision 1354) in
// front of the machine's PostgreSQL (127.0.0.1:5432), then runs vitest's server project with DATABASE_URL on the
// pooler and DATABASE_DIRECT_URL on PostgreSQL itself (the suite makes, migrates, clones and drops its databases there;
// every query of a test goes through the pooler). Without file arguments (paths ending in .test.ts), the files
// scripts/database-tests.ts lists; every other argument goes to vitest as it is. Exits with vitest's code, after
// stopping pgbouncer.
import { spawn } from 'node:child_process';
import { secondPassFiles } from '../scripts/database-tests';
import { freePort, startPgBouncer } from './pgbouncer-server';

const DIRECT = process.env.PGBOUNCER_TESTS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Per test database: as many server connections as one file's pool (10) and its pg-boss, so that a test holding
// transactions open never waits on the pooler; transaction mode still hands each transaction any of them.
const SERVER_POOL = 20;

const args = process.argv.slice(2);
const isTestFile = (a: string) => /\.test\.tsx?$/.test(a);
const files = args.filter(isTestFile);
const options = args.filter((a) => !isTestFile(a));
const port = await freePort(4331, 4340);
const bouncer = await startPgBouncer(new URL(DIRECT), port, SERVER_POOL);
console.log(
  `PgBouncer (transaction mode, ${SERVER_POOL} server connections a database) on 127.0.0.1:${port}`,
);
const code = await new Promise<number>((resolve) => {
  const child = spawn(
    'npx',
    ['vitest', 'run', '--project', 'server', ...(files.length > 0 ? files : secondPassFiles()), ...options],
    {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: bouncer.url('postgres'), DATABASE_DIRECT_URL: DIRECT },
    },
  );
  child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
});
await bouncer.stop();
process.exit(code);
