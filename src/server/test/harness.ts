import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { SubscriptionTier } from '../../shared/constants';
import { accountHooks } from '../account-hooks';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import type { Database } from '../db/client';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createOwnerAccount, grantRole, updateProfile } from '../db/factories';
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
import { withDatabase } from './global-setup';

export const TEST_ORIGIN = 'http://localhost:3000';

let spareClone: Promise<string> | undefined;
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

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  const template = process.env.TEST_PG_TEMPLATE;
  if (!url || !template) {
    // Start from the database global-setup.ts migrated once (a file run alone without it migrates itself).
    const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
    if (snapshot) {
      // Read once per worker process (48 MB); PGlite only reads the Blob, so its files share it.
      if (snapshotBlob?.path !== snapshot)
        snapshotBlob = { path: snapshot, blob: new Blob([readFileSync(snapshot)]) };
      return openDatabase({ dataDir: 'memory://', loadDataDir: snapshotBlob.blob });
    }
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return handle;
  }
  // Through a pooler (decision 1323): the clone and the drop on PostgreSQL itself, the file's queries through the pooler.
  const direct = process.env.DATABASE_DIRECT_URL;
  const adminUrl = direct ?? url;
  // A worker's files run one after another (decision 0408): the next file's clone is made while this one runs, so that
  // a file does not wait for PostgreSQL to copy the template (decision 1354). A clone left unused when the worker ends
  // is dropped by global-setup.ts's teardown, with every other database of the run.
  const name = await (spareClone ?? cloneTemplate(adminUrl, template));
  spareClone = cloneTemplate(adminUrl, template);
  // Its failure is the next file's to report, when it awaits it.
  spareClone.catch(() => {});
  const handle = await openDatabase({
    databaseUrl: withDatabase(url, name),
    directUrl: direct ? withDatabase(direct, name) : undefined,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
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
  } = {},
) {
  const publicUrl = opts.publicUrl ?? TEST_ORIGIN;
  const handle = await openTestDatabase();
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
