import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reachesDatabase, serverTestFiles } from './database-tests';

// CI runs on PostgreSQL only the test files that reach the database (decision 1205): none may be left out.
describe('scripts/database-tests.ts', () => {
  const files = serverTestFiles();

  it('finds every file that opens a test database', () => {
    const opening = files.filter(
      (f) =>
        f !== 'scripts/database-tests.test.ts' &&
        /createTestContext|openTestDatabase|openDatabase\(/.test(readFileSync(f, 'utf8')),
    );
    expect(opening.length).toBeGreaterThan(90);
    expect(opening.filter((f) => !reachesDatabase(f))).toEqual([]);
  });

  it('leaves out files that import nothing of the server’s database, and CI uses the list for PostgreSQL', () => {
    expect(reachesDatabase('src/shared/money.test.ts')).toBe(false);
    expect(reachesDatabase('scripts/one-way.test.ts')).toBe(false);
    // Through PgBouncer (decision 1348), or straight on PostgreSQL when pgbouncer cannot be installed.
    const ci = readFileSync('.ci/run', 'utf8');
    expect(ci).toMatch(/npm run pgbouncer:tests\n/);
    expect(ci).toMatch(/npm test -- --project server \$\(npx tsx scripts\/database-tests\.ts\)/);
    expect(readFileSync('deploy/pgbouncer-tests.ts', 'utf8')).toMatch(
      /serverTestFiles\(\)\.filter\(\(f\) => reachesDatabase\(f\)\)/,
    );
  });
});
