import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Puts the suite's migrated database (global-setup.ts makes it once) into `dataDir`, for a test that needs a data
 * directory of its own on disk (a server it spawns, a backup's source) and should not pay for a migration. Without the
 * snapshot (a file run outside vitest's setup) it does nothing: the caller's `migrate()` then does the work.
 * It opens no database client, so a file that uses it alone is still not one of the database files (decision 1205).
 */
export async function putMigratedPglite(dataDir: string): Promise<void> {
  const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
  if (!snapshot) return;
  mkdirSync(dataDir, { recursive: true });
  const migrated = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(snapshot)]),
  });
  await migrated.close();
}
