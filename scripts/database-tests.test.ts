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
    expect(readFileSync('.ci/run', 'utf8')).toMatch(
      /npm test -- --project server \$\(npx tsx scripts\/database-tests\.ts\)/,
    );
  });
});
