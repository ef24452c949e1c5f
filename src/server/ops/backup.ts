import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { compareChecksums, type Querier, type TableSum, tableChecksums } from './table-checksums';

const run = promisify(execFile);

/** What a backup folder holds besides the database: its checksums, to verify a restore against (decision 1232). */
export interface BackupManifest {
  format: 'shineroute-backup-1';
  kind: 'pglite' | 'postgres';
  createdAt: string;
  /** The database file in the folder: PGlite's gzipped data directory or pg_dump's custom format. */
  database: string;
  tables: Record<string, TableSum>;
  /** Uploaded files on local disk (DATA_DIR/uploads), copied under uploads/; none when files are in S3. */
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

export const MANIFEST = 'manifest.json';
const PGLITE_FILE = 'pglite-data.tar.gz';
const PG_FILE = 'database.dump';

export const pgliteQuerier =
  (db: PGlite): Querier =>
  async (text) =>
    text.includes(';')
      ? ((await db.exec(text)).at(-1)?.rows ?? [])
      : (await db.query<Record<string, unknown>>(text)).rows;

export const pgQuerier =
  (client: pg.ClientBase): Querier =>
  async (text) => {
    const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
  };

const openPglite = (dataDir: string, loadDataDir?: Blob) =>
  PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function copyUploads(uploadsDir: string | undefined, outDir: string): BackupManifest['files'] {
  if (!uploadsDir || !existsSync(uploadsDir)) return [];
  const files = listFiles(uploadsDir).map((path) => ({
    path: relative(uploadsDir, path),
    bytes: statSync(path).size,
    sha256: sha256(path),
  }));
  if (files.length) cpSync(uploadsDir, join(outDir, 'uploads'), { recursive: true });
  return files;
}

function writeManifest(outDir: string, manifest: BackupManifest) {
  writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Backs up an embedded database: PGlite's own dump of its data directory (gzipped tar), checked by loading it into
 * a scratch in-memory PGlite and summing every table there, so the manifest describes what a restore will get.
 * `dump` is the running server's own handle (scheduled backups) or a PGlite opened on a stopped server's data.
 */
export async function backupPglite(opts: {
  dump: () => Promise<Blob>;
  outDir: string;
  uploadsDir?: string;
}): Promise<BackupManifest> {
  mkdirSync(opts.outDir, { recursive: true });
  const blob = await opts.dump();
  writeFileSync(join(opts.outDir, PGLITE_FILE), Buffer.from(await blob.arrayBuffer()));
  const check = await openPglite('memory://', blob);
  try {
    const tables = await tableChecksums(pgliteQuerier(check));
    return writeManifest(opts.outDir, {
      format: 'shineroute-backup-1',
      kind: 'pglite',
      createdAt: new Date().toISOString(),
      database: PGLITE_FILE,
      tables,
      files: copyUploads(opts.uploadsDir, opts.outDir),
    });
  } finally {
    await check.close();
  }
}

/** Backs up a PGlite data directory no server has open (npm run backup on an embedded installation). */
export async function backupPgliteDir(opts: { dataDir: string; outDir: string; uploadsDir?: string }) {
  const db = await openPglite(opts.dataDir);
  try {
    return await backupPglite({
      dump: () => db.dumpDataDir('gzip'),
      outDir: opts.outDir,
      uploadsDir: opts.uploadsDir,
    });
  } finally {
    await db.close();
  }
}

/**
 * Backs up PostgreSQL with pg_dump (custom format, every schema: the queue's pending jobs too). The checksums are
 * taken in the very snapshot pg_dump reads (an exported snapshot held open by a repeatable-read transaction), so the
 * manifest matches the dump even while instances keep writing.
 */
export async function backupPostgres(opts: {
  databaseUrl: string;
  outDir: string;
  uploadsDir?: string;
}): Promise<BackupManifest> {
  mkdirSync(opts.outDir, { recursive: true });
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const dumping = run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0]!.id}`,
      `--file=${join(opts.outDir, PG_FILE)}`,
      `--dbname=${opts.databaseUrl}`,
    ]);
    const tables = await tableChecksums(pgQuerier(client));
    await dumping;
    await client.query('commit');
    return writeManifest(opts.outDir, {
      format: 'shineroute-backup-1',
      kind: 'postgres',
      createdAt: new Date().toISOString(),
      database: PG_FILE,
      tables,
      files: copyUploads(opts.uploadsDir, opts.outDir),
    });
  } finally {
    await client.end();
  }
}

export function readManifest(dir: string): BackupManifest {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 'shineroute-backup-1') throw new Error(`${dir} is not a ShineRoute backup`);
  return manifest;
}

export interface RestoreResult {
  tables: number;
  rows: number;
  files: number;
  mismatches: ReturnType<typeof compareChecksums>;
}

function restoreUploads(dir: string, manifest: BackupManifest, uploadsDir: string | undefined) {
  if (!manifest.files.length) return 0;
  if (!uploadsDir) throw new Error('The backup holds uploaded files but no uploads folder was given');
  cpSync(join(dir, 'uploads'), uploadsDir, { recursive: true });
  for (const f of manifest.files) {
    if (sha256(join(uploadsDir, f.path)) !== f.sha256)
      throw new Error(`Restored file ${f.path} differs from the backup`);
  }
  return manifest.files.length;
}

const totals = (tables: Record<string, TableSum>) => Object.values(tables).reduce((n, t) => n + t.rows, 0);

/**
 * Restores an embedded backup into `dataDir`. An existing database there is kept aside (renamed with the time) only
 * with `replace`; otherwise the restore refuses to overwrite it.
 */
export async function restorePglite(opts: {
  from: string;
  dataDir: string;
  uploadsDir?: string;
  replace?: boolean;
}): Promise<RestoreResult> {
  const manifest = readManifest(opts.from);
  if (manifest.kind !== 'pglite')
    throw new Error('This is a PostgreSQL backup: restore it with DATABASE_URL set');
  if (existsSync(opts.dataDir) && readdirSync(opts.dataDir).length) {
    if (!opts.replace)
      throw new Error(`${opts.dataDir} already holds a database (pass --replace to keep it aside)`);
    renameSync(opts.dataDir, `${opts.dataDir}.before-restore-${Date.now()}`);
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const blob = new Blob([readFileSync(join(opts.from, manifest.database))]);
  const db = await openPglite(opts.dataDir, blob);
  try {
    const tables = await tableChecksums(pgliteQuerier(db));
    return {
      tables: Object.keys(tables).length,
      rows: totals(tables),
      files: restoreUploads(opts.from, manifest, opts.uploadsDir),
      mismatches: compareChecksums(manifest.tables, tables),
    };
  } finally {
    await db.close();
  }
}

/** Restores a PostgreSQL backup with pg_restore into an empty database (or over one with `replace`). */
export async function restorePostgres(opts: {
  from: string;
  databaseUrl: string;
  uploadsDir?: string;
  replace?: boolean;
}): Promise<RestoreResult> {
  const manifest = readManifest(opts.from);
  if (manifest.kind !== 'postgres')
    throw new Error('This is an embedded-database backup: restore it without DATABASE_URL');
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss')`,
    );
    if (rows[0]!.n > 0 && !opts.replace) {
      throw new Error('The target database is not empty (pass --replace to restore over it)');
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      ...(opts.replace ? ['--clean', '--if-exists'] : []),
      `--dbname=${opts.databaseUrl}`,
      join(opts.from, manifest.database),
    ]);
    const tables = await tableChecksums(pgQuerier(client));
    return {
      tables: Object.keys(tables).length,
      rows: totals(tables),
      files: restoreUploads(opts.from, manifest, opts.uploadsDir),
      mismatches: compareChecksums(manifest.tables, tables),
    };
  } finally {
    await client.end();
  }
}
