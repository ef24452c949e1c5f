// The read replica's part of npm run bench (--only=cluster-replica; issue 31, decision 1339): the primary's load under
// an analytics-heavy mix, with and without DATABASE_READ_URL. A throwaway primary and its streaming replica
// (deploy/replica.ts: initdb, pg_basebackup -R, free ports in 4310–4330) hold one database; the demo business and a
// few Pro owners with the CRM pack are filled with two years of bookings and customers. Then the same instances behind
// HAProxy (deploy/cluster.ts) run the same mix twice — once with no DATABASE_READ_URL, once with it on the replica:
// every owner reads what the code sends to the replica (analytics, advanced analytics, the services CSV, the customers
// CSV, the ledger CSV, the message log), and about one request in ten writes (a new customer).
// The primary's load is measured on the primary itself: the CPU seconds of its server processes, and the deltas of
// pg_stat_database (transactions, rows read, buffer hits and reads) of the database; the replica's the same way, so
// its share shows. --replica-owners=4 --replica-readers=8 --replica-bookings=20000 --cluster-instances=2 change it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startCluster } from '../deploy/cluster';
import { startStreamingPair } from '../deploy/replica';
import { openDatabase } from '../src/server/db/client';
import { DEMO_OWNER } from '../src/server/db/seed';
import { bookableBusiness } from '../src/server/features/bookings/book/booking.fixtures';

const DATABASE = 'shineroute';
const PASSWORD = 'replica-bench-password';
const day = (d: Date) => d.toISOString().slice(0, 10);
const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** The paths the code answers from DATABASE_READ_URL when it is set (decisions 1293, 1322). */
function readPaths() {
  const to = day(new Date());
  const from = day(new Date(Date.now() - 364 * 86_400_000));
  return [
    `/api/analytics?from=${from}&to=${to}`,
    `/api/analytics/advanced?from=${from}&to=${to}`,
    `/api/analytics/export.csv?report=services&from=${from}&to=${to}`,
    '/api/customers/export.csv',
    '/api/payouts/ledger.csv',
    '/api/automations/log?limit=50',
  ];
}

interface DatabaseStats {
  commits: number;
  rows: number;
  blocks: number;
}

/** The database's counters on one server (pg_stat_database; a standby counts its own reads). */
async function statsOf(url: string): Promise<DatabaseStats> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The counters are sampled once per transaction by the backends; a fresh snapshot, not the cached one.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query(
      `select xact_commit + xact_rollback as commits, tup_returned + tup_fetched as rows, blks_hit + blks_read as blocks
         from pg_stat_database where datname = $1`,
      [DATABASE],
    );
    return { commits: Number(rows[0].commits), rows: Number(rows[0].rows), blocks: Number(rows[0].blocks) };
  } finally {
    await client.end();
  }
}

const minus = (a: DatabaseStats, b: DatabaseStats): DatabaseStats => ({
  commits: a.commits - b.commits,
  rows: a.rows - b.rows,
  blocks: a.blocks - b.blocks,
});

/** Two years of bookings (mostly completed) and their customers for one business, as the scale part fills. */
async function fill(url: string, businessId: string, bookings: number) {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    const customers = Math.max(1, Math.round(bookings / 5));
    const [service] = (
      await handle.db.execute<{ id: string; duration_minutes: number }>(sql`
        select id, duration_minutes from services where business_id = ${businessId} and is_active
        order by duration_minutes limit 1`)
    ).rows;
    if (!service) throw new Error(`business ${businessId} has no active service`);
    await handle.db.execute(sql`
      insert into customers (business_id, first_name, last_name, email, created_at)
      select ${businessId}, 'Replica', 'Customer ' || g, 'replica-' || g || '@example.com',
             now() - make_interval(days => g % 700)
      from generate_series(1, ${customers}) g`);
    await handle.db.execute(sql`
      with c as (select id, row_number() over (order by id) as rn from customers where business_id = ${businessId}),
      g as (
        select g, date_trunc('day', now()) + make_interval(days => (g % 730) - 700, hours => 8 + (g / 730) % 10) as at
        from generate_series(1, ${bookings}) g
      )
      insert into bookings (business_id, customer_id, service_id, service_name, duration_minutes, scheduled_at,
                            location_address, zip_code, quoted_price_cents, final_price_cents, tip_cents, status, created_at)
      select ${businessId}, c.id, ${service.id}, 'Full Detail', ${service.duration_minutes}, g.at,
             g.g || ' Congress Ave, Austin, TX', '78701', 15000 + (g.g % 20) * 500,
             case when g.at < now() and g.g % 10 < 8 then 15000 + (g.g % 20) * 500 end,
             case when g.at < now() and g.g % 10 < 8 then (g.g % 5) * 500 else 0 end,
             (case when g.at < now() then (case when g.g % 10 < 8 then 'completed' when g.g % 10 = 8 then 'cancelled' else 'no_show' end)
                   else (case when g.g % 3 = 0 then 'confirmed' else 'pending' end) end)::booking_status,
             least(g.at - make_interval(days => g.g % 30), now() - make_interval(hours => g.g % 24))
      from g join c on c.rn = 1 + g.g % ${customers}`);
  } finally {
    await handle.close();
  }
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function signIn(url: string, email: string, password: string, n: number) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': `10.251.0.${n + 1}` },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return cookieOf(res);
}

interface Mix {
  requests: number[];
  reads: number;
  writes: number;
  non2xx: Map<string, number>;
  errors: number;
}

/** One owner's requests, one after another: the replica's reads, and a new customer about one time in ten. */
async function owner(url: string, cookie: string, k: number, until: number, mix: Mix, run: string) {
  const paths = readPaths();
  for (let n = k; performance.now() < until; n++) {
    const write = n % 10 === 9;
    const path = write ? '/api/customers' : paths[n % paths.length]!;
    const t = performance.now();
    try {
      const res = await fetch(`${url}${path}`, {
        method: write ? 'POST' : 'GET',
        headers: { cookie, origin: url, 'content-type': 'application/json' },
        body: write
          ? JSON.stringify({
              firstName: 'Walk',
              lastName: `In ${k}-${n}`,
              email: `walk-in-${run}-${k}-${n}@example.com`,
            })
          : undefined,
      });
      await res.arrayBuffer();
      mix.requests.push(performance.now() - t);
      if (write) mix.writes++;
      else mix.reads++;
      if (res.status >= 400) {
        const key = `${res.status} ${path.split('?')[0]}`;
        mix.non2xx.set(key, (mix.non2xx.get(key) ?? 0) + 1);
      }
    } catch {
      mix.errors++;
    }
  }
}

export async function clusterReplicaFigures(opts: {
  port: number;
  durationSeconds: number;
  report: (line: string) => void;
  instances?: number;
  owners?: number;
  readers?: number;
  bookings?: number;
}) {
  const instances = opts.instances ?? 2;
  const extraOwners = opts.owners ?? 4;
  const readers = opts.readers ?? 8;
  const bookings = opts.bookings ?? 20_000;
  process.env.METRICS_TOKEN = randomBytes(16).toString('hex');
  process.env.TRUSTED_PROXY_HOPS = '2';
  const inherited = process.env.DATABASE_READ_URL;
  const pair = await startStreamingPair();
  try {
    const admin = new pg.Client({ connectionString: pair.primaryUrl() });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const primaryUrl = pair.primaryUrl(DATABASE);
    const replicaUrl = pair.replicaUrl(DATABASE);
    opts.report(
      `Cluster with the read replica, analytics-heavy mix: ${instances} instances behind HAProxy, ${readers} owner ` +
        `connections over ${extraOwners + 1} businesses (${readPaths().length} replica-routed reads, one request in ` +
        `ten a new customer), ${opts.durationSeconds} s each, on a throwaway primary (127.0.0.1:${pair.primaryPort}) ` +
        `streaming to a replica (127.0.0.1:${pair.replicaPort}):`,
    );
    const owners: Array<{ email: string; password: string }> = [DEMO_OWNER];
    for (const withReplica of [false, true]) {
      if (withReplica) process.env.DATABASE_READ_URL = replicaUrl;
      else delete process.env.DATABASE_READ_URL;
      const cluster = await startCluster({
        instances,
        port: opts.port,
        databaseUrl: primaryUrl,
        log: () => {},
      });
      try {
        if (owners.length === 1) {
          // The first run makes the data: Pro owners with the CRM pack (the customers CSV), each with two years.
          const handle = await openDatabase({ databaseUrl: primaryUrl });
          try {
            for (let i = 0; i < extraOwners; i++) {
              const email = `replica-bench-${i}-${randomBytes(3).toString('hex')}@example.com`;
              const res = await fetch(`${cluster.url}/api/auth/sign-up/email`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  origin: cluster.url,
                  'x-forwarded-for': `10.250.1.${i + 1}`,
                },
                body: JSON.stringify({
                  email,
                  password: PASSWORD,
                  name: 'Replica Bench',
                  firstName: 'Replica',
                  lastName: `Bench ${i}`,
                }),
              });
              if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
              const id = ((await res.json()) as { user: { id: string } }).user.id;
              await bookableBusiness(handle.db, id);
              await handle.db.execute(sql`update profiles set subscription_tier = 'pro' where id = ${id}`);
              const pack = await fetch(`${cluster.url}/api/billing/add-ons`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', origin: cluster.url, cookie: cookieOf(res) },
                body: JSON.stringify({ addOn: 'crm_booster' }),
              });
              if (pack.status !== 201) throw new Error(`CRM pack: ${pack.status} ${await pack.text()}`);
              owners.push({ email, password: PASSWORD });
            }
            // The demo owner's CRM pack too (the customers CSV answers 402 without it).
            const demo = await signIn(cluster.url, DEMO_OWNER.email, DEMO_OWNER.password, 99);
            const demoPack = await fetch(`${cluster.url}/api/billing/add-ons`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: cluster.url, cookie: demo },
              body: JSON.stringify({ addOn: 'crm_booster' }),
            });
            if (demoPack.status !== 201)
              throw new Error(`CRM pack: ${demoPack.status} ${await demoPack.text()}`);
            const ids = (
              await handle.db.execute<{ id: string }>(sql`
                select p.id from profiles p join "user" u on u.id = p.id
                where u.email in (${sql.join(
                  owners.map((o) => sql`${o.email}`),
                  sql`, `,
                )})`)
            ).rows;
            const began = performance.now();
            for (const { id } of ids) await fill(primaryUrl, id, bookings);
            await handle.db.execute(sql`vacuum analyze`);
            opts.report(
              `  data: ${ids.length} businesses × ${bookings.toLocaleString('en-US')} bookings and ` +
                `${Math.round(bookings / 5).toLocaleString('en-US')} customers (filled in ${((performance.now() - began) / 1000).toFixed(0)} s)`,
            );
          } finally {
            await handle.close();
          }
        }
        await pair.caughtUp();
        const cookies = await Promise.all(owners.map((o, i) => signIn(cluster.url, o.email, o.password, i)));
        // A warm-up pass of every read for every owner (both servers' caches), not counted.
        for (const cookie of cookies)
          for (const path of readPaths())
            await fetch(`${cluster.url}${path}`, { headers: { cookie, origin: cluster.url } }).then((r) =>
              r.arrayBuffer(),
            );
        const mix: Mix = { requests: [], reads: 0, writes: 0, non2xx: new Map(), errors: 0 };
        const cpu = pair.primaryCpuSeconds();
        const [primaryBefore, replicaBefore] = [await statsOf(primaryUrl), await statsOf(replicaUrl)];
        const started = performance.now();
        const until = started + opts.durationSeconds * 1000;
        await Promise.all(
          Array.from({ length: readers }, (_, k) =>
            owner(
              cluster.url,
              cookies[k % cookies.length]!,
              k,
              until,
              mix,
              withReplica ? 'replica' : 'primary',
            ),
          ),
        );
        const seconds = (performance.now() - started) / 1000;
        const primaryCpu = pair.primaryCpuSeconds() - cpu;
        const primary = minus(await statsOf(primaryUrl), primaryBefore);
        const replica = minus(await statsOf(replicaUrl), replicaBefore);
        const sorted = mix.requests.sort((a, b) => a - b);
        const perRequest = (n: number) => (n / Math.max(1, sorted.length)).toFixed(0);
        const share = (p: number, r: number) => `${Math.round((100 * r) / Math.max(1, p + r))}%`;
        opts.report(
          `  ${withReplica ? 'with DATABASE_READ_URL (replica)' : 'without DATABASE_READ_URL'}: ` +
            `${(sorted.length / seconds).toFixed(1)} req/s (${mix.reads} reads, ${mix.writes} writes), ` +
            `p50 ${at(sorted, 0.5).toFixed(0)} ms, p99 ${at(sorted, 0.99).toFixed(0)} ms; ` +
            `primary: CPU ${primaryCpu.toFixed(1)} s (${((1000 * primaryCpu) / Math.max(1, sorted.length)).toFixed(1)} ms/request), ` +
            `${primary.commits} transactions, ${perRequest(primary.rows)} rows and ${perRequest(primary.blocks)} buffers/request; ` +
            `replica: ${replica.commits} transactions, ${perRequest(replica.rows)} rows and ${perRequest(replica.blocks)} buffers/request ` +
            `(replica's share of rows read ${share(primary.rows, replica.rows)}); ` +
            `non-2xx ${[...mix.non2xx].map(([k, v]) => `${k}×${v}`).join(', ') || 0}, errors ${mix.errors}`,
        );
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    if (inherited === undefined) delete process.env.DATABASE_READ_URL;
    else process.env.DATABASE_READ_URL = inherited;
    pair.stop();
  }
}
