// npm run cluster [-- --instances=3 --port=4207 --database-url=postgres://… --check]
//
// N app instances on one PostgreSQL behind HAProxy (Debian's haproxy; decision 1233): HAProxy on --port, the instances
// on the ports after it, health-checked on /api/ready, X-Forwarded-For trusted (TRUST_PROXY). Without --database-url
// (or DATABASE_URL) a fresh database is made on 127.0.0.1:5432 and dropped at the end. Prints the address; Ctrl-C
// stops everything (instances with SIGTERM, so they drain). --check runs the CI checks instead and exits: a session
// made on one instance works on every one, and an instance restarted with SIGTERM under load costs no request.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { createCustomer, createSeoPage, grantRole, updateProfile } from '../src/server/db/factories';
import {
  bookableBusiness,
  bookingForm,
  daysAhead,
} from '../src/server/features/bookings/book/booking.fixtures';

const ROOT = join(import.meta.dirname, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k!, v.length ? v.join('=') : 'true'];
  }),
);
const INSTANCES = Number(args.instances ?? 3);
const PORT = Number(args.port ?? 4207);
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Cluster {
  url: string;
  statsUrl: string;
  databaseUrl: string;
  ports: number[];
  /** Stops instance i with `signal` and starts it again; resolves once it is ready. */
  restart(i: number, signal: NodeJS.Signals): Promise<void>;
  kill(i: number, signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await wait(200);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const ready = (port: number) => () =>
  fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status === 200);

export async function startCluster(opts: {
  instances: number;
  port: number;
  databaseUrl?: string;
  log?: (line: string) => void;
}): Promise<Cluster> {
  const log = opts.log ?? console.log;
  if (!existsSync('/usr/sbin/haproxy')) throw new Error('HAProxy is missing: apt-get install -y haproxy');
  let fresh: string | undefined;
  let databaseUrl = opts.databaseUrl;
  if (!databaseUrl) {
    fresh = `shineroute_cluster_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${fresh}`);
    await admin.end();
    databaseUrl = ADMIN_URL.replace(/\/postgres$/, `/${fresh}`);
  }
  // Migrate once before the instances start (they would serialise on the migration lock anyway).
  const handle = await openDatabase({ databaseUrl });
  await handle.migrate();
  await handle.close();

  const work = mkdtempSync(join(tmpdir(), 'shineroute-cluster-'));
  const ports = Array.from({ length: opts.instances }, (_, i) => opts.port + 1 + i);
  const url = `http://127.0.0.1:${opts.port}`;
  const secret = randomBytes(32).toString('hex');
  const serveWeb = existsSync(join(ROOT, 'dist/web/index.html'));
  const children: Array<ChildProcess | undefined> = [];
  const exits: Array<Promise<void> | undefined> = [];
  const start = (i: number, seed: boolean) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ALLOW_TEST_CHECKOUT: 'true',
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: secret,
        HOST: '127.0.0.1',
        PORT: String(ports[i]),
        PUBLIC_URL: url,
        TRUST_PROXY: 'true',
        // HAProxy takes a draining instance out after two failed checks 250 ms apart (deploy/haproxy.cfg).
        SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? '1500',
        SEED_DEMO: seed ? 'true' : 'false',
        SERVE_WEB: serveWeb ? 'true' : 'false',
        DATA_DIR: join(work, `instance-${i + 1}`),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children[i] = child;
    exits[i] = new Promise((resolve) => child.once('exit', () => resolve()));
    return until(ready(ports[i]!), `instance ${i + 1} on port ${ports[i]}`);
  };
  // The first instance seeds the demo data alone; the others start together once it is ready.
  try {
    await start(0, true);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1, false)));
  } catch (err) {
    // An instance that never became ready: stop the ones started, and drop the fresh database, before giving up.
    for (const child of children) child?.kill('SIGKILL');
    await Promise.all(exits);
    if (fresh) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${fresh} with (force)`);
      await admin.end();
    }
    rmSync(work, { recursive: true, force: true });
    throw err;
  }

  const statsPort = opts.port + opts.instances + 1;
  const config = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8')
    .replace('__BIND__', `127.0.0.1:${opts.port}`)
    .replace('__STATS__', `127.0.0.1:${statsPort}`)
    .replace('__SERVERS__', ports.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join('\n'));
  const configFile = join(work, 'haproxy.cfg');
  writeFileSync(configFile, config);
  execFileSync('/usr/sbin/haproxy', ['-c', '-q', '-f', configFile]);
  const haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', configFile], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(() => fetch(`${url}/api/ready`).then((r) => r.status === 200), 'HAProxy');
  log(`Cluster: ${opts.instances} instances (ports ${ports.join(', ')}) behind HAProxy at ${url}`);
  log(
    `HAProxy stats: http://127.0.0.1:${statsPort}/stats   Database: ${databaseUrl}${fresh ? ' (dropped at the end)' : ''}`,
  );

  const kill = async (i: number, signal: NodeJS.Signals) => {
    children[i]?.kill(signal);
    await exits[i];
    children[i] = undefined;
  };
  return {
    url,
    statsUrl: `http://127.0.0.1:${statsPort}/stats`,
    databaseUrl,
    ports,
    kill,
    async restart(i, signal) {
      await kill(i, signal);
      await start(i, false);
      // HAProxy takes it back after two good checks.
      await wait(1500);
    },
    async stop() {
      await Promise.all(children.map((_, i) => kill(i, 'SIGTERM')));
      haproxy.kill('SIGTERM');
      if (fresh) {
        const admin = new pg.Client({ connectionString: ADMIN_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${fresh} with (force)`);
        await admin.end();
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** HAProxy's error counters for the app backend: request errors, connection errors, response errors, 5xx. */
export async function balancerErrors(statsUrl: string) {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  const [header, ...lines] = csv.replace(/^# /, '').trim().split('\n');
  const cols = header!.split(',');
  const backend = lines.map((l) => l.split(',')).find((c) => c[0] === 'app' && c[1] === 'BACKEND')!;
  const at = (name: string) => Number(backend[cols.indexOf(name)] || 0);
  return {
    econ: at('econ'),
    eresp: at('eresp'),
    http5xx: at('hrsp_5xx'),
    retries: at('wretr'),
    redispatches: at('wredis'),
  };
}

/** One HAProxy server's state (UP, DOWN, …) from the stats CSV. */
async function serverStatus(statsUrl: string, server: string) {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  const [header, ...lines] = csv.replace(/^# /, '').trim().split('\n');
  const cols = header!.split(',');
  const row = lines.map((l) => l.split(',')).find((c) => c[0] === 'app' && c[1] === server);
  return row?.[cols.indexOf('status')] ?? 'missing';
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Retries a request the way a client does when its connection drops (an instance killed under it). */
async function withRetries(send: () => Promise<Response>, attempts = 10): Promise<Response> {
  for (let i = 1; ; i++) {
    const res = await send().catch((e: Error) => e);
    if (res instanceof Response && res.status < 500) return res;
    if (res instanceof Response) await res.arrayBuffer();
    if (i >= attempts)
      throw new Error(
        `gave up after ${attempts} attempts: ${res instanceof Error ? res.message : res.status}`,
      );
    await wait(300);
  }
}

/**
 * The CI check (issue 31): 3 instances on a fresh PostgreSQL database behind HAProxy; a bounded mixed load (sign-ins,
 * bookings through the test checkout, owner reads, a campaign send, an SEO page edit) while one instance is killed
 * with SIGKILL and another restarted with SIGTERM; then every acknowledged booking and payment is in the database
 * exactly once with its confirmation, every campaign recipient got exactly one message, a session works on every
 * instance, rate limits hold across instances, the edited page is served by every instance within 2 s, and HAProxy
 * counted no error during the SIGTERM restart (decision 1264).
 */
async function check(cluster: Cluster) {
  const began = Date.now();
  const origin = cluster.url;
  const handle = await openDatabase({ databaseUrl: cluster.databaseUrl });
  const db = handle.db;
  try {
    const signUp = async (email: string) => {
      const res = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          email,
          password: 'cluster-check-password',
          name: 'Cluster Check',
          firstName: 'Cluster',
          lastName: 'Check',
        }),
      });
      if (res.status !== 200) throw new Error(`sign-up through HAProxy: ${res.status}`);
      const body = (await res.json()) as { user: { id: string } };
      return { cookie: cookieOf(res), userId: body.user.id, email };
    };
    const owner = await signUp(`cluster-${randomUUID().slice(0, 8)}@example.com`);
    const admin = await signUp(`cluster-admin-${randomUUID().slice(0, 8)}@example.com`);
    await grantRole(db, admin.userId, 'admin');
    const headers = (cookie: string) => ({ cookie, origin, 'content-type': 'application/json' });

    // A session made on one instance works on every instance, directly and through the balancer.
    for (const port of cluster.ports) {
      const me = await fetch(`http://127.0.0.1:${port}/api/auth/get-session`, {
        headers: { cookie: owner.cookie, origin },
      });
      const session = (await me.json().catch(() => null)) as { user?: { email?: string } } | null;
      if (session?.user?.email !== owner.email) {
        throw new Error(`the session does not work on the instance at ${port}: ${me.status}`);
      }
    }
    console.log(`A session made through HAProxy works on all ${cluster.ports.length} instances.`);

    // The business: bookable online, a postal address for marketing email, 40 customers, a draft campaign, an SEO page.
    const [service] = await bookableBusiness(db, owner.userId);
    await updateProfile(db, owner.userId, {
      businessAddress: '500 Congress Ave, Austin, TX 78701',
      subscriptionTier: 'pro',
    });
    const RECIPIENTS = 40;
    for (let i = 0; i < RECIPIENTS; i++)
      await createCustomer(db, owner.userId, {
        firstName: `C${i}`,
        lastName: 'Cluster',
        email: `recipient-${i}@cluster.test`,
      });
    const draft = await fetch(`${origin}/api/campaigns`, {
      method: 'POST',
      headers: headers(owner.cookie),
      body: JSON.stringify({
        name: 'Cluster',
        type: 'email',
        subject: 'Cluster campaign',
        message: 'Hi {customer_name}',
      }),
    });
    if (draft.status !== 201 && draft.status !== 200)
      throw new Error(`campaign draft: ${draft.status} ${await draft.text()}`);
    const campaignId = ((await draft.json()) as { id: string }).id;
    const page = await createSeoPage(db, {
      slug: `cluster-${randomUUID().slice(0, 8)}`,
      city: 'Mesa',
      state: 'AZ',
    });

    // The mixed load.
    let running = true;
    const acknowledged = new Map<string, { bookingId: string; email: string }>();
    const paid = new Map<string, string>();
    const errors: string[] = [];
    let reads = 0;
    let signIns = 0;
    const BOOKINGS = 24;
    let nextBooking = 0;
    const booker = async () => {
      while (running && nextBooking < BOOKINGS) {
        const k = nextBooking++;
        const email = `booker-${k}@cluster.test`;
        const form = bookingForm({
          businessId: owner.userId,
          serviceId: service!.id,
          email,
          date: daysAhead(2 + k),
        });
        const created = await withRetries(() =>
          fetch(`${origin}/api/booking/create-payment`, {
            method: 'POST',
            headers: headers(''),
            body: JSON.stringify(form),
          }),
        );
        if (created.status !== 200) {
          await created.arrayBuffer();
          continue; // a closed day or a taken slot: nothing paid
        }
        const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };
        const pay = await withRetries(() =>
          fetch(`${origin}${new URL(url).pathname}/pay`, { method: 'POST', redirect: 'manual' }),
        );
        await pay.arrayBuffer();
        if (pay.status !== 303) {
          errors.push(`pay: ${pay.status}`);
          continue;
        }
        paid.set(sessionId, email);
        const done = await withRetries(() =>
          fetch(`${origin}/api/booking/complete-booking`, {
            method: 'POST',
            headers: headers(''),
            body: JSON.stringify({ sessionId }),
          }),
        );
        if (done.status === 200)
          acknowledged.set(sessionId, {
            bookingId: ((await done.json()) as { booking: { id: string } }).booking.id,
            email,
          });
        else errors.push(`complete-booking: ${done.status} ${await done.text()}`);
      }
    };
    const reader = async () => {
      while (running) {
        const res = await fetch(`${origin}/api/dashboard`, {
          headers: { cookie: owner.cookie, origin },
        }).catch((e: Error) => e);
        if (res instanceof Response) {
          await res.arrayBuffer();
          if (res.status === 200) reads++;
        }
        await wait(50);
      }
    };
    const signer = async () => {
      for (let i = 0; i < 4 && running; i++) {
        const res = await withRetries(() =>
          fetch(`${origin}/api/auth/sign-in/email`, {
            method: 'POST',
            headers: headers(''),
            body: JSON.stringify({ email: owner.email, password: 'cluster-check-password' }),
          }),
        );
        await res.arrayBuffer();
        if (res.status === 200) signIns++;
        else errors.push(`sign-in: ${res.status}`);
        await wait(500);
      }
    };
    const clients = [booker(), booker(), booker(), reader(), reader(), reader(), signer()];
    await wait(1500);
    const send = await withRetries(() =>
      fetch(`${origin}/api/campaigns/${campaignId}/send`, { method: 'POST', headers: headers(owner.cookie) }),
    );
    if (send.status !== 202) throw new Error(`campaign send: ${send.status} ${await send.text()}`);
    const sentAt = Date.now();
    await wait(1000);

    // SIGKILL of instance 3 mid-load: HAProxy takes it out; clients retry what it dropped.
    await cluster.kill(2, 'SIGKILL');
    await until(
      async () => (await serverStatus(cluster.statsUrl, 'app3')).startsWith('DOWN'),
      'HAProxy to mark app3 down',
      20_000,
    );
    console.log(
      `SIGKILL of instance 3 ${Date.now() - sentAt} ms after the campaign's Send; HAProxy marked it down.`,
    );

    // SIGTERM restart of instance 2 under the same load: HAProxy may count no error.
    const before = await balancerErrors(cluster.statsUrl);
    const restartBegan = Date.now();
    await cluster.restart(1, 'SIGTERM');
    const after = await balancerErrors(cluster.statsUrl);
    const lbErrors =
      after.econ - before.econ + (after.eresp - before.eresp) + (after.http5xx - before.http5xx);
    console.log(
      `SIGTERM restart of instance 2 (${Math.round((Date.now() - restartBegan) / 1000)} s) under load: HAProxy errors ${lbErrors} ` +
        `(retries ${after.retries - before.retries}, redispatches ${after.redispatches - before.redispatches})`,
    );
    running = false;
    await Promise.all(clients);
    console.log(
      `Load: ${acknowledged.size} bookings acknowledged of ${paid.size} paid, ${reads} owner reads, ${signIns} sign-ins.`,
    );
    if (lbErrors) throw new Error(`HAProxy counted ${lbErrors} errors during the SIGTERM restart`);
    if (errors.length) throw new Error(`requests failed: ${errors.slice(0, 5).join('; ')}`);
    if (acknowledged.size === 0) throw new Error('no booking was acknowledged');

    // A paid checkout the client never heard back about: its retry books it, once.
    for (const [sessionId, email] of paid) {
      if (acknowledged.has(sessionId)) continue;
      const res = await withRetries(() =>
        fetch(`${origin}/api/booking/complete-booking`, {
          method: 'POST',
          headers: headers(''),
          body: JSON.stringify({ sessionId }),
        }),
      );
      if (res.status !== 200) throw new Error(`completing a paid checkout again: ${res.status}`);
      acknowledged.set(sessionId, {
        bookingId: ((await res.json()) as { booking: { id: string } }).booking.id,
        email,
      });
    }

    // Every acknowledged booking and its payment exactly once, with its confirmation (manage link) exactly once.
    const live = [cluster.ports[0]!, cluster.ports[1]!];
    const q = (text: string, values: unknown[]) => handle.query(text, values).then((r) => r.rows);
    await until(
      async () => {
        const [r] = await q(
          `select count(*)::int as n from message_sends where business_id = $1 and kind in ('confirmation', 'owner_notice') and status <> 'sent'`,
          [owner.userId],
        );
        return r!.n === 0;
      },
      'every booking confirmation to go out',
      150_000,
    );
    for (const [sessionId, { bookingId, email }] of acknowledged) {
      const [b] = await q(
        `select count(*)::int as n, min(id::text) as id from bookings where payment_session_id = $1`,
        [sessionId],
      );
      if (b!.n !== 1 || b!.id !== bookingId) throw new Error(`booking of ${sessionId}: ${b!.n} rows`);
      const [c] = await q(
        `select count(*)::int as n from checkout_sessions where provider_session_id = $1 and status = 'completed' and booking_id = $2`,
        [sessionId, bookingId],
      );
      if (c!.n !== 1) throw new Error(`checkout of ${sessionId}: ${c!.n} completed rows`);
      const [l] = await q(
        `select count(*)::int as n from ledger_entries where document_id = $1 and kind = 'charge'`,
        [bookingId],
      );
      if (l!.n !== 1) throw new Error(`payment of booking ${bookingId}: ${l!.n} ledger charges`);
      const mails = await q(`select subject, body from outbox_messages where "to" = $1`, [email]);
      const confirmations = mails.filter((m) => String(m.body).includes('/manage/'));
      if (confirmations.length !== 1)
        throw new Error(
          `confirmation to ${email}: ${confirmations.length} of ${mails.map((m) => m.subject).join(' | ')}`,
        );
    }
    console.log(
      `${acknowledged.size} bookings: each once in the database, its payment once in the ledger, one confirmation with its manage link.`,
    );

    // Every campaign recipient exactly one message, though an instance died during the send.
    await until(
      async () => (await q(`select status from campaigns where id = $1`, [campaignId]))[0]!.status === 'sent',
      'the campaign to finish',
      150_000,
    );
    const [camp] = await q(
      `select recipient_count, sent_count, failed_count, finished_at from campaigns where id = $1`,
      [campaignId],
    );
    // The recipients are the campaign's own message rows, fixed at Send: customers who booked after it are not among
    // them (counting every customer of the business found them with no message whenever bookings outran the Send).
    const perRecipient = await q(
      `select s."to" as email, count(o.id)::int as n from message_sends s
        left join outbox_messages o on o."to" = s."to" and o.subject = 'Cluster campaign'
        where s.campaign_id = $1 and s.channel = 'email' group by s."to"`,
      [campaignId],
    );
    const [strays] = await q(
      `select count(*)::int as n from outbox_messages o where o.subject = 'Cluster campaign'
        and not exists (select 1 from message_sends s where s.campaign_id = $1 and s."to" = o."to")`,
      [campaignId],
    );
    const wrong = perRecipient.filter((r) => r.n !== 1);
    if (
      Number(camp!.recipient_count) < RECIPIENTS ||
      camp!.sent_count !== camp!.recipient_count ||
      perRecipient.length !== camp!.recipient_count ||
      wrong.length ||
      strays!.n !== 0
    )
      throw new Error(
        `campaign: ${JSON.stringify(camp)}; ${perRecipient.length} recipients, without exactly one message: ${wrong.length}; to others: ${strays!.n}`,
      );
    console.log(
      `Campaign: ${camp!.recipient_count} recipients (the 40 made and the bookers), one message each; finished ${Math.round((new Date(String(camp!.finished_at)).getTime() - sentAt) / 1000)} s after Send.`,
    );

    // Rate limits hold across instances: wrong passwords from one address, spread over the instances.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const port = live[i % live.length]!;
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { ...headers(''), 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: owner.email, password: 'wrong-password' }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    if (!statuses.slice(10).every((s) => s === 429) || statuses.slice(0, 10).includes(429))
      throw new Error(`sign-in limit across instances: ${statuses.join(' ')}`);
    console.log(`Sign-in limit across instances: ${statuses.join(' ')}`);

    // The SEO page edit (an admin takes the page down): every instance serves the change within 2 s.
    for (const port of live) {
      const res = await fetch(`http://127.0.0.1:${port}/seo/${page.slug}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`SEO page before the edit on ${port}: ${res.status}`);
    }
    const edited = await fetch(`${origin}/api/admin/seo/pages/${page.id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie, origin },
    });
    if (edited.status !== 204) throw new Error(`SEO page edit: ${edited.status}`);
    const editedAt = Date.now();
    const seen: number[] = [];
    for (const port of live) {
      await until(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/seo/${page.slug}`);
          await res.arrayBuffer();
          return res.status === 404;
        },
        `the SEO edit on ${port}`,
        2_000,
      );
      seen.push(Date.now() - editedAt);
    }
    console.log(`SEO page edit served by every instance after ${Math.max(...seen)} ms.`);
    console.log(`Cluster check took ${Math.round((Date.now() - began) / 1000)} s.`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startCluster({
    instances: INSTANCES,
    port: PORT,
    databaseUrl: args['database-url'] ?? process.env.DATABASE_URL,
  });
  if (args.check) {
    try {
      await check(cluster);
      console.log('Cluster check passed.');
    } catch (err) {
      console.error(`Cluster check FAILED: ${(err as Error).message}`);
      process.exitCode = 1;
    } finally {
      await cluster.stop();
    }
  } else {
    console.log(`Open ${cluster.url} — Ctrl-C stops the cluster.`);
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await cluster.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
  }
}
