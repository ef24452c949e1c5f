import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COVERS_BOTH_DATABASES, reachesDatabase, secondPassFiles, serverTestFiles } from './database-tests';

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
    // Their only ways to the database client are type-only imports (the app's context type, `Database`), which run
    // nothing; the graceful shutdown's real server runs on an embedded database of its own in either pass.
    expect(reachesDatabase('src/server/http/graceful-shutdown.test.ts')).toBe(false);
    expect(reachesDatabase('src/server/observability/provider-request-id.test.ts')).toBe(false);
    // Through PgBouncer (decision 1348), or straight on PostgreSQL when pgbouncer cannot be installed.
    const ci = readFileSync('.ci/run', 'utf8');
    expect(ci).toMatch(/npm run pgbouncer:tests\n/);
    expect(ci).toMatch(/npm test -- --project server \$\(npx tsx scripts\/database-tests\.ts\)/);
    expect(readFileSync('deploy/pgbouncer-tests.ts', 'utf8')).toMatch(/secondPassFiles\(\)/);
  });

  it('leaves out of the second pass a file that covers both databases itself, and only such a file', () => {
    const second = secondPassFiles();
    expect(reachesDatabase('src/server/ops/backup.test.ts')).toBe(true);
    expect(second).not.toContain('src/server/ops/backup.test.ts');
    expect(second).toContain('src/server/http/isolation-matrix.test.ts');
    const marked = files.filter((f) => readFileSync(f, 'utf8').includes(COVERS_BOTH_DATABASES));
    expect(files.filter((f) => reachesDatabase(f) && !second.includes(f)).sort()).toEqual(
      marked.filter((f) => f !== 'scripts/database-tests.test.ts' && reachesDatabase(f)).sort(),
    );
  });
});
