import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHooks } from '../account-hooks';
import { createAuth } from '../auth/auth';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { seedDemo } from '../db/seed';
import { createOutboxMailer } from '../providers/mail/mailer';
import { putMigratedPglite } from '../test/pglite-snapshot';
import { backupPgliteDir, backupPostgres, pgliteQuerier, restorePglite, restorePostgres } from './backup';
import { moveToPostgres } from './db-move';
import { tableChecksums } from './table-checksums';

// Backups that restore, on both databases, and the move off the embedded one (decision 1232). PostgreSQL is the local
// server (127.0.0.1:5432, trust); each test makes scratch databases with a random suffix and drops them.
// The file covers both databases itself (@covers-both-databases): CI's second pass of the suite leaves it out
// (scripts/database-tests.ts), and a run with DATABASE_URL set skips it.
const runHere = !process.env.DATABASE_URL;
const PG_ADMIN = process.env.BACKUP_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch: string[] = [];
const work = mkdtempSync(join(tmpdir(), 'shineroute-backup-'));

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function scratchDatabase(): Promise<string> {
  const name = `shineroute_backup_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin((c) => c.query(`create database ${name}`));
  scratch.push(name);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  if (scratch.length)
    await admin(async (c) => {
      for (const name of scratch) await c.query(`drop database if exists ${name} with (force)`);
    });
  rmSync(work, { recursive: true, force: true });
});

/** Migrates and fills a database with the demo data (accounts, businesses, bookings, loyalty, pages…). */
async function seeded(handle: DatabaseHandle) {
  await handle.migrate();
  const auth = createAuth({
    db: handle.db,
    accounts: accountHooks(handle.db),
    mailer: createOutboxMailer(handle.db),
    baseURL: 'http://localhost:3000',
    secret: 'backup-test-secret-backup-test-secret-0',
  });
  await seedDemo(handle.db, auth);
}

function uploads(dir: string) {
  mkdirSync(join(dir, 'verification', 'b1'), { recursive: true });
  writeFileSync(join(dir, 'verification', 'b1', 'licence.pdf'), Buffer.from('%PDF-1.4 licence'));
  return dir;
}

const pgliteDir = join(work, 'embedded', 'pglite');
beforeAll(async () => {
  if (!runHere) return;
  // The suite's migrated database, not a new migration (its `migrate()` below then finds nothing to do).
  await putMigratedPglite(pgliteDir);
  const handle = await openDatabase({ dataDir: pgliteDir });
  await seeded(handle);
  await handle.close();
}, 120_000);

describe.runIf(runHere)('the embedded database (PGlite)', () => {
  it('backs up with its own dump and restores elsewhere with the same rows, checksums and files', async () => {
    const uploadsDir = uploads(join(work, 'embedded', 'uploads'));

    const out = join(work, 'pglite-backup');
    const manifest = await backupPgliteDir({ dataDir: pgliteDir, outDir: out, uploadsDir });
    expect(manifest.kind).toBe('pglite');
    expect(manifest.tables['public.user']!.rows).toBeGreaterThanOrEqual(3);
    expect(manifest.tables['public.bookings']!.rows).toBeGreaterThan(0);
    expect(manifest.files).toHaveLength(1);
    // The manifest describes the source as it is.
    const source = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
    expect(await tableChecksums(pgliteQuerier(source))).toEqual(manifest.tables);
    await source.close();

    const restoredDir = join(work, 'restored', 'pglite');
    const restoredUploads = join(work, 'restored', 'uploads');
    const result = await restorePglite({ from: out, dataDir: restoredDir, uploadsDir: restoredUploads });
    expect(result.mismatches).toEqual([]);
    expect(result.rows).toBe(Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0));
    expect(readFileSync(join(restoredUploads, 'verification', 'b1', 'licence.pdf'), 'utf8')).toBe(
      '%PDF-1.4 licence',
    );

    // Never over a database without --replace; with it the old one is kept aside.
    await expect(
      restorePglite({ from: out, dataDir: restoredDir, uploadsDir: restoredUploads }),
    ).rejects.toThrow(/already holds a database/);
    const again = await restorePglite({
      from: out,
      dataDir: restoredDir,
      uploadsDir: restoredUploads,
      replace: true,
    });
    expect(again.mismatches).toEqual([]);
  }, 180_000);
});

describe.runIf(runHere)('PostgreSQL', () => {
  it('backs up with pg_dump and restores with pg_restore into a fresh database, table by table equal', async () => {
    const sourceUrl = await scratchDatabase();
    const handle = await openDatabase({ databaseUrl: sourceUrl });
    await seeded(handle);
    await handle.close();

    const out = join(work, 'pg-backup');
    const manifest = await backupPostgres({
      databaseUrl: sourceUrl,
      outDir: out,
      uploadsDir: join(work, 'none'),
    });
    expect(manifest.kind).toBe('postgres');
    expect(manifest.tables['public.bookings']!.rows).toBeGreaterThan(0);
    expect(existsSync(join(out, manifest.database))).toBe(true);

    const targetUrl = await scratchDatabase();
    const result = await restorePostgres({ from: out, databaseUrl: targetUrl });
    expect(result.mismatches).toEqual([]);
    expect(result.tables).toBe(Object.keys(manifest.tables).length);
    await expect(restorePostgres({ from: out, databaseUrl: targetUrl })).rejects.toThrow(/not empty/);
    // The restored database is one the app runs on.
    const restored = await openDatabase({ databaseUrl: targetUrl });
    await restored.migrate();
    const { rows } = await restored.query('select count(*)::int as n from "user"', []);
    expect(rows[0]!.n).toBe(manifest.tables['public.user']!.rows);
    await restored.close();
  }, 180_000);
});

describe.runIf(runHere)('npm run db:move', () => {
  it('copies an embedded installation into a fresh PostgreSQL database and verifies every table', async () => {
    const targetUrl = await scratchDatabase();
    const source = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
    try {
      const result = await moveToPostgres({ source, databaseUrl: targetUrl });
      expect(result.mismatches).toEqual([]);
      expect(result.rows).toBeGreaterThan(10);
      await expect(moveToPostgres({ source, databaseUrl: targetUrl })).rejects.toThrow(/not empty/);
    } finally {
      await source.close();
    }
    // The app starts on the copy and writes to it (sequences carried over).
    const moved = await openDatabase({ databaseUrl: targetUrl });
    await moved.migrate();
    const { rows } = await moved.query(`select count(*)::int as n from bookings`, []);
    expect(rows[0]!.n).toBeGreaterThan(0);
    await moved.close();
  }, 180_000);
});
