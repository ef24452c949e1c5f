import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { desc, eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { SubscriptionTier } from '../../shared/constants';
import { accountHooks } from '../account-hooks';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import type { Database } from '../db/client';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createOwnerAccount, grantRole, updateProfile } from '../db/factories';
import * as schema from '../db/schema';
import { outboxMessages } from '../db/schema';
import { queuePlatformEmail } from '../features/campaigns/platform-email';
import { createSeoSettings } from '../features/seo/seo-settings';
import type { AppDeps } from '../http/context';
import { createMemoryJobQueue, type MemoryJobQueue } from '../jobs/memory-queue';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { registerWorkers } from '../jobs/workers';
import { createOutboxMailer } from '../providers/mail/mailer';
import type { PaymentProvider } from '../providers/payments/payments';
import { createTestPaymentProvider } from '../providers/payments/test-checkout';
import { createLocalStorage } from '../providers/storage/local-storage';
import type { FileStorage } from '../providers/storage/storage';
import { captureMigratedState, type MigratedState, resetToMigrated, type Sql } from './database-reset';
import { withDatabase } from './global-setup';
import { currentTestFile } from './worker-file';

export const TEST_ORIGIN = 'http://localhost:3000';

let snapshotBlob: { path: string; blob: Blob } | undefined;

/** A new database cloned from the migrated template; its name says which run made it (global-setup.ts drops them). */
async function cloneTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `shineroute_t${process.ppid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Several files clone the template at once; PostgreSQL refuses a clone while another is copying it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return name;
      } catch (err) {
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
}

async function dropDatabase(adminUrl: string, name: string) {
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
}

/** The suite's PostgreSQL, when it runs there: queries through `url` (maybe a pooler), DDL on `adminUrl`. */
function postgresTarget() {
  const url = process.env.DATABASE_URL;
  const template = process.env.TEST_PG_TEMPLATE;
  if (!url || !template) return undefined;
  // Through a pooler (decision 1323): the clone and the drop on PostgreSQL itself, the file's queries through the pooler.
  const direct = process.env.DATABASE_DIRECT_URL;
  return { url, direct, adminUrl: direct ?? url, template };
}

function openPglite(): Promise<DatabaseHandle> {
  // Start from the database global-setup.ts migrated once (a file run alone without it migrates itself).
  const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
  if (snapshot) {
    // Read once per worker process (48 MB); PGlite only reads the Blob.
    if (snapshotBlob?.path !== snapshot)
      snapshotBlob = { path: snapshot, blob: new Blob([readFileSync(snapshot)]) };
    return openDatabase({ dataDir: 'memory://', loadDataDir: snapshotBlob.blob });
  }
  return openDatabase({ dataDir: 'memory://' }).then(async (handle) => {
    await handle.migrate();
    return handle;
  });
}

let spareClone: Promise<string> | undefined;

/** A database of the caller's own, in the migrated state, dropped when closed. */
async function openOwnDatabase(): Promise<DatabaseHandle> {
  const target = postgresTarget();
  if (!target) return openPglite();
  // The next file's clone is made while this one runs, so that a file does not wait for PostgreSQL to copy the
  // template (decision 1354). A clone left unused when the worker ends is dropped by global-setup.ts's teardown.
  const name = await (spareClone ?? cloneTemplate(target.adminUrl, target.template));
  spareClone = cloneTemplate(target.adminUrl, target.template);
  // Its failure is the next file's to report, when it awaits it.
  spareClone.catch(() => {});
  const handle = await openDatabase({
    databaseUrl: withDatabase(target.url, name),
    directUrl: target.direct ? withDatabase(target.direct, name) : undefined,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(target.adminUrl, name);
    },
  };
}

/**
 * The worker's database (decision 1359): opened once, then reset to the migrated state before each file that uses it.
 * On PGlite the instance itself; on PostgreSQL one clone of the template, reached by each file through a pool of its
 * own, and reset over a direct connection.
 */
interface WorkerDatabase {
  /** PGlite's instance, or undefined on PostgreSQL. */
  pglite?: DatabaseHandle;
  /** PostgreSQL: the clone's name. */
  name?: string;
  /** Runs `fn` with one session on the database (PGlite's only one, or a direct client). */
  session<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Whether a file has used it since it was last reset. */
  dirty: boolean;
  close(): Promise<void>;
}

let worker: WorkerDatabase | undefined;
/** The file (currentTestFile) holding the worker's database, until it closes it or the next file starts. */
let workerHeldBy: number | undefined;
const workerInUse = () => workerHeldBy === currentTestFile();
/** The migrated state, read from the worker's first database (the same template or snapshot serves every one). */
let migrated: MigratedState | undefined;

async function openWorkerDatabase(): Promise<WorkerDatabase> {
  const target = postgresTarget();
  if (!target) {
    const handle = await openPglite();
    const sql: Sql = async (text, values) => (await handle.query(text, values ?? [])).rows;
    return {
      pglite: handle,
      session: (fn) => fn(sql),
      dirty: false,
      close: () => handle.close(),
    };
  }
  const name = await cloneTemplate(target.adminUrl, target.template);
  return {
    name,
    session: async (fn) => {
      const client = new pg.Client({ connectionString: withDatabase(target.adminUrl, name) });
      await client.connect();
      try {
        return await fn(async (text, values) => (await client.query(text, values)).rows);
      } finally {
        await client.end();
      }
    },
    dirty: false,
    close: () => dropDatabase(target.adminUrl, name),
  };
}

/** Ends every other session on the worker's database: the last file's settings, locks and LISTENs go with them. */
async function clearSessions(db: WorkerDatabase, sql: Sql) {
  if (db.pglite) {
    await sql('discard all');
    return;
  }
  // Through PgBouncer in transaction mode a file's session state stays on whichever server connection ran it, and the
  // pooler keeps those connections: they are ended here, and the pooler opens new ones for the next file.
  await sql(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
}

/** Resets the worker's database to the migrated state (exported for the test that proves it). */
export async function resetWorkerDatabase(opts: { leaveBehind?: string } = {}) {
  const db = worker;
  if (!db || !migrated) throw new Error('no worker database to reset');
  const state = migrated;
  await db.session(async (sql) => {
    await clearSessions(db, sql);
    await resetToMigrated(sql, state, opts);
  });
  db.dirty = false;
}

/** A file's handle on the worker's database: its own drizzle instance and pool, so no cache keyed by them carries over. */
async function fileHandle(db: WorkerDatabase): Promise<DatabaseHandle> {
  const holder = workerHeldBy;
  const release = async () => {
    if (workerHeldBy === holder) workerHeldBy = undefined;
  };
  if (db.pglite) {
    const client = (db.pglite.db as unknown as { $client: PGlite }).$client;
    const fresh = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
    return { ...db.pglite, db: fresh, readDb: fresh, close: release };
  }
  const target = postgresTarget()!;
  const handle = await openDatabase({
    databaseUrl: withDatabase(target.url, db.name!),
    directUrl: target.direct ? withDatabase(target.direct, db.name!) : undefined,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await release();
    },
  };
}

/**
 * A database in the migrated state. By default on PGlite the worker's one, reset since the last file used it; `own: true` (or a
 * second database while the worker's is open, e.g. two contexts in one file) gives a database of the caller's own,
 * for a file that changes the schema, holds the database in odd states, or needs it untouched by the reset.
 */
export async function openTestDatabase(
  opts: {
    own?: boolean;
    /**
     * The worker's database on PostgreSQL too. There a clone made ahead costs less CPU than the reset (decision 1359),
     * so files get their own; only the reset's own test asks for the worker's there.
     */
    worker?: boolean;
  } = {},
): Promise<DatabaseHandle> {
  if (opts.own || workerInUse() || (postgresTarget() && !opts.worker)) return openOwnDatabase();
  workerHeldBy = currentTestFile();
  try {
    if (worker?.dirty) {
      await resetWorkerDatabase().catch(async () => {
        // The schema was changed, or the database left in a state the reset cannot undo: start over.
        const stale = worker!;
        worker = undefined;
        await stale.close().catch(() => {});
      });
    }
    if (!worker) {
      worker = await openWorkerDatabase();
      if (!migrated) migrated = await worker.session(captureMigratedState);
    }
    worker.dirty = true;
    return await fileHandle(worker);
  } catch (err) {
    workerHeldBy = undefined;
    throw err;
  }
}

let ipCounter = 0;
/** A fresh client address, so that tests do not share rate-limit counters unless they mean to. */
export const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/**
 * A fresh database, the real app and helpers to call it; one per test file.
 * Files go to a temporary directory (or `opts.storage`); jobs run on an in-memory queue that the test
 * drains with `t.jobs.drain()`.
 */
export async function createTestContext(
  opts: {
    signInLimitPerMinute?: number;
    /** The payment adapter (default: the built-in test checkout), e.g. Stripe pointed at a local fake. */
    payments?: (db: Database) => PaymentProvider;
    /** File storage (default: local disk in a temporary directory), e.g. S3 pointed at a local fake. */
    storage?: FileStorage;
    /**
     * Start a job queue with every worker registered: `true` = pg-boss on the test database; `'memory'` = jobs
     * wait in memory until the test calls `t.memoryJobs.drain()`.
     */
    jobs?: boolean | 'memory';
    /** SEO settings (content generator, cities per state…); defaults to the template engine. */
    seo?: Parameters<typeof createSeoSettings>[0];
    /** The app's public address (default TEST_ORIGIN); requests come from its origin. */
    publicUrl?: string;
    /** Behind proxies of our own (TRUST_PROXY, TRUSTED_PROXY_HOPS): X-Forwarded-For as a proxy appends to it. */
    trustProxy?: boolean;
    trustedProxyHops?: number;
    /** better-auth's emails as jobs on the queue, as the server sends them (decision 1321); else straight out. */
    authEmailsAsJobs?: boolean;
    /** A database of the file's own instead of the worker's reset one (decision 1359): DDL, odd states. */
    ownDatabase?: boolean;
    /** The worker's reset database on PostgreSQL too (only the reset's own test; see `openTestDatabase`). */
    workerDatabase?: boolean;
  } = {},
) {
  const publicUrl = opts.publicUrl ?? TEST_ORIGIN;
  const handle = await openTestDatabase({ own: opts.ownDatabase, worker: opts.workerDatabase });
  const db = handle.db;
  const mailer = createOutboxMailer(db);
  const emailQueue: { jobs?: JobQueue } = {};
  const auth = createAuth({
    db,
    accounts: accountHooks(db),
    mailer,
    baseURL: publicUrl,
    secret: 'test-secret-test-secret-test-secret-0123',
    signInLimitPerMinute: opts.signInLimitPerMinute,
    password: testPasswordHashing,
    ...(opts.authEmailsAsJobs && {
      sendEmail: async (email, key) =>
        (await queuePlatformEmail({ jobs: emailQueue.jobs, mailer }, email, { key }))(),
    }),
  });
  const payments = opts.payments ? opts.payments(db) : createTestPaymentProvider(db, publicUrl);
  const uploadsDir = mkdtempSync(join(tmpdir(), 'shineroute-test-uploads-'));
  const storage = opts.storage ?? createLocalStorage(uploadsDir);
  const deps: AppDeps = {
    db,
    auth,
    mailer,
    payments,
    storage,
    publicUrl,
    linkSecret: 'test-link-secret',
    supportEmail: 'support@test.local',
    trustProxy: opts.trustProxy ?? false,
    trustedProxyHops: opts.trustedProxyHops,
    seo: createSeoSettings({ exclusiveDatabase: true, ...opts.seo }),
  };
  let jobs: JobQueue | undefined;
  let memoryJobs: MemoryJobQueue | undefined;
  if (opts.jobs === 'memory') {
    jobs = memoryJobs = createMemoryJobQueue();
  } else if (opts.jobs) {
    jobs = await createJobQueue(handle, { pollingIntervalSeconds: 0.5 });
  }
  if (jobs) {
    deps.jobs = jobs;
    emailQueue.jobs = jobs;
    await registerWorkers(jobs, deps);
  }
  const app = createApp(deps);
  afterAll(async () => {
    await jobs?.stop();
    await handle.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  async function request(
    path: string,
    init: RequestInit & { cookie?: string; json?: unknown; ip?: string } = {},
  ) {
    const headers = new Headers(init.headers);
    headers.set('origin', new URL(publicUrl).origin);
    headers.set('x-forwarded-for', init.ip ?? nextIp());
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(path, { ...init, headers, body });
  }

  /**
   * Signs up through the HTTP API and returns the session cookie. The business is put on `plan` (default 'pro', so
   * tests of Pro features need no setup; gating tests ask for 'starter' — docs/decisions/0803).
   */
  async function signUp(
    overrides: Partial<{
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      plan: SubscriptionTier;
    }> = {},
  ) {
    const { plan = 'pro', ...names } = overrides;
    const account = {
      email: `owner-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-battery',
      firstName: 'Test',
      lastName: 'Owner',
      ...names,
    };
    const res = await request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { ...account, name: `${account.firstName} ${account.lastName}` },
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { user: { id: string } };
    if (plan !== 'starter') await updateProfile(db, body.user.id, { subscriptionTier: plan });
    return { ...account, userId: body.user.id, cookie: sessionCookie(res) };
  }

  async function signIn(email: string, password: string) {
    const res = await request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    return { res, cookie: res.status === 200 ? sessionCookie(res) : '' };
  }

  async function createAdmin() {
    const owner = await signUp({ firstName: 'Ada', lastName: 'Admin' });
    await grantRole(db, owner.userId, 'admin');
    return owner;
  }

  async function emailsTo(address: string) {
    return db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, address.toLowerCase()))
      .orderBy(desc(outboxMessages.createdAt));
  }

  return {
    app,
    db,
    deps,
    handle,
    jobs,
    memoryJobs,
    storage,
    auth,
    mailer,
    payments,
    request,
    signUp,
    signIn,
    createAdmin,
    emailsTo,
    createOwnerAccount,
  };
}

export function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/**
 * Salted SHA-256 for test accounts: better-auth's scrypt costs ≈ 90 ms of CPU per sign-up and sign-in, about a fifth of
 * the suite's CPU on two cores (docs/decisions/0408). Only the harness passes it; the product always hashes with scrypt
 * (auth.test.ts checks the stored hash of a product-configured auth).
 */
const testPasswordHashing = {
  async hash(password: string) {
    const salt = randomBytes(8).toString('hex');
    return `test-sha256:${salt}:${createHash('sha256').update(`${salt}:${password}`).digest('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }) {
    const [kind, salt, digest] = hash.split(':');
    return (
      kind === 'test-sha256' && createHash('sha256').update(`${salt}:${password}`).digest('hex') === digest
    );
  },
};
