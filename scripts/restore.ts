// npm run restore -- --from=DIR [--replace]: restores a backup folder (npm run backup) into the database this
// configuration uses (DATABASE_URL, else the embedded database in DATA_DIR) and its uploaded files, then compares every
// table's row count and checksum with the backup's manifest; any difference fails the run (decision 1232).
import { join, resolve } from 'node:path';
import { loadEnv } from '../src/server/env';
import { type RestoreResult, restorePglite, restorePostgres } from '../src/server/ops/backup';
import { argsOf } from './ops-args';

const env = loadEnv();
const args = argsOf(process.argv.slice(2));
if (!args.from) throw new Error('Usage: npm run restore -- --from=BACKUP_DIR [--replace]');
const from = resolve(args.from);
const dataDir = resolve(env.DATA_DIR);
const uploadsDir = env.S3_BUCKET ? undefined : join(dataDir, 'uploads');
const replace = args.replace === 'true';
const result: RestoreResult = env.DATABASE_URL
  ? await restorePostgres({ from, databaseUrl: env.DATABASE_URL, uploadsDir, replace })
  : await restorePglite({ from, dataDir: join(dataDir, 'pglite'), uploadsDir, replace });
for (const m of result.mismatches) {
  console.error(
    `MISMATCH ${m.table}: backup ${m.expected ? `${m.expected.rows} rows ${m.expected.checksum}` : 'absent'}, ` +
      `restored ${m.actual ? `${m.actual.rows} rows ${m.actual.checksum}` : 'absent'}`,
  );
}
if (result.mismatches.length) {
  console.error(`Restore NOT verified: ${result.mismatches.length} tables differ from the backup.`);
  process.exit(1);
}
console.log(
  `Restored and verified: ${result.tables} tables, ${result.rows} rows (counts and checksums match the backup), ` +
    `${result.files} files.`,
);
