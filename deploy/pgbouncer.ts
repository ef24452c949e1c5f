// npm run pgbouncer:check [-- --database-url=postgres://postgres@127.0.0.1:5432/postgres]
//
// The app through PgBouncer in transaction mode (Debian's pgbouncer; decision 1292): starts pgbouncer on a free
// 127.0.0.1 port (4310–4330) in front of PostgreSQL with a small server pool, makes a fresh database, migrates it
// through DATABASE_DIRECT_URL (the migration lock is a session advisory lock), then runs the app's key database paths
// through the pooler: better-auth sign-ups, a bookable business, concurrent row-locking transactions, pg-boss started
// and working, jobs and message rows written in the caller's transaction (the outbox, decision 1263), a rolled-back
// transaction leaving neither. Exits 0 when every check holds, then stops pgbouncer and drops the database.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { bootstrap } from '../src/server/bootstrap';
import { createCustomer, createOwnerAccount } from '../src/server/db/factories';
import { customers, messageSends } from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { bookableBusiness } from '../src/server/features/bookings/book/booking.fixtures';
import { queueTransactionalEmail } from '../src/server/features/campaigns/automations/message-queue';
import { createJobQueue } from '../src/server/jobs/queue';
import { freePort, startPgBouncer, until } from './pgbouncer-server';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k!, v.length ? v.join('=') : 'true'];
  }),
);
const ADMIN_URL = String(args['database-url'] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const SERVER_POOL = 3;
// The check's messages carry no links: any platform address does.
const PLATFORM_URL = 'http://127.0.0.1';

function assert(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.log(`ok: ${what}`);
}

async function check() {
  const began = Date.now();
  const upstream = new URL(ADMIN_URL);
  const port = await freePort(4310, 4330);
  const bouncer = await startPgBouncer(upstream, port, SERVER_POOL);
  const database = `shineroute_pgb_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${database}`;
  console.log(`PgBouncer (transaction mode, ${SERVER_POOL} server connections) on 127.0.0.1:${port}`);
  let app: Awaited<ReturnType<typeof bootstrap>> | undefined;
  let jobs: Awaited<ReturnType<typeof createJobQueue>> | undefined;
  try {
    // Migrations through DATABASE_DIRECT_URL, everything else through the pooler: as an instance starts.
    app = await bootstrap(
      loadEnv({
        NODE_ENV: 'production',
        DATABASE_URL: bouncer.url(database),
        DATABASE_DIRECT_URL: direct.toString(),
        BETTER_AUTH_SECRET: 'pgbouncer-check-secret-pgbouncer-check-secret',
      }),
    );
    const { db, handle } = app;
    const [{ n }] = (await handle.query('select count(*)::int as n from drizzle.__drizzle_migrations', []))
      .rows as [{ n: number }];
    assert(n > 0, `migrations applied through DATABASE_DIRECT_URL (${n})`);

    // better-auth's sign-up (its own transaction) through the pooler, several at once.
    const owners = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        createOwnerAccount(db, app!.auth, {
          email: `pgb-${i}-${randomUUID().slice(0, 6)}@example.com`,
          password: 'pgbouncer-check-password',
          firstName: 'Pg',
          lastName: 'Bouncer',
        }),
      ),
    );
    assert(owners.length === 4, 'four owners signed up through the pooler at once');
    const businessId = owners[0]!;
    await bookableBusiness(db, businessId);
    const customer = await createCustomer(db, businessId, {
      firstName: 'Row',
      lastName: 'Lock',
      email: 'row-lock@example.com',
      loyaltyPoints: 0,
    });

    // 40 transactions over 3 server connections, each locking the same row: a transaction keeps its connection.
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select({ points: customers.loyaltyPoints })
            .from(customers)
            .where(eq(customers.id, customer.id))
            .for('update');
          await tx
            .update(customers)
            .set({ loyaltyPoints: row!.points + 1 })
            .where(eq(customers.id, customer.id));
        }),
      ),
    );
    const [after] = await db
      .select({ points: customers.loyaltyPoints })
      .from(customers)
      .where(eq(customers.id, customer.id));
    assert(after!.points === 40, `40 concurrent row-locking transactions, none lost (${after!.points})`);

    // pg-boss through the pooler: its schema, its transaction-scoped advisory locks, polling (no LISTEN).
    jobs = await createJobQueue(handle, { pollingIntervalSeconds: 0.5 });
    const done = new Set<number>();
    await jobs.work<{ n: number }>('pgbouncer.check', async ({ n }) => {
      done.add(n);
    });
    // The outbox: a job and a message row in the caller's transaction, committed or rolled back together.
    for (let n = 0; n < 10; n++)
      await db.transaction(async (tx) => {
        await jobs!.send('pgbouncer.check', { n }, { tx });
        await queueTransactionalEmail(tx, PLATFORM_URL, {
          businessId,
          kind: 'quote',
          dedupeKey: `pgbouncer:${n}`,
          to: 'row-lock@example.com',
          subject: 'Check',
          body: 'Check',
        });
      });
    await db
      .transaction(async (tx) => {
        await jobs!.send('pgbouncer.check', { n: 99 }, { tx });
        await queueTransactionalEmail(tx, PLATFORM_URL, {
          businessId,
          kind: 'quote',
          dedupeKey: 'pgbouncer:rolled-back',
          to: 'row-lock@example.com',
          subject: 'Check',
          body: 'Check',
        });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await until(async () => done.size >= 10, 'the ten jobs to run');
    const [messages] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageSends)
      .where(and(eq(messageSends.businessId, businessId), eq(messageSends.kind, 'quote')));
    assert(
      done.size === 10 && !done.has(99) && messages!.n === 10,
      'ten committed transactions gave ten jobs run and ten message rows; the rolled-back one neither',
    );
    console.log(`PgBouncer check passed in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
  } finally {
    await jobs?.stop(2_000).catch(() => {});
    await app?.handle.close();
    await bouncer.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

await check().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
