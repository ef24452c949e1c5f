// npm run backup [-- --out=DIR]: a backup folder of the database this configuration uses (DATABASE_URL, else the
// embedded database in DATA_DIR, which no server may have open), its uploaded files when on disk, and a manifest of
// every table's row count and checksum (decision 1232).
import { join, resolve } from 'node:path';
import { loadEnv } from '../src/server/env';
import { backupPgliteDir, backupPostgres } from '../src/server/ops/backup';
import { argsOf, assertPgliteNotInUse } from './ops-args';

const env = loadEnv();
const args = argsOf(process.argv.slice(2));
const dataDir = resolve(env.DATA_DIR);
const outDir = resolve(
  args.out ?? join('backups', new Date().toISOString().replaceAll(':', '-').replace(/\..+/, '')),
);
const uploadsDir = env.S3_BUCKET ? undefined : join(dataDir, 'uploads');
const started = Date.now();
let manifest: Awaited<ReturnType<typeof backupPostgres>>;
if (env.DATABASE_URL) {
  manifest = await backupPostgres({ databaseUrl: env.DATABASE_URL, outDir, uploadsDir });
} else {
  assertPgliteNotInUse(join(dataDir, 'pglite'));
  manifest = await backupPgliteDir({ dataDir: join(dataDir, 'pglite'), outDir, uploadsDir });
}
const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
console.log(
  `Backup of the ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database in ${outDir}: ` +
    `${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s). Restore with: npm run restore -- --from=${outDir}`,
);
