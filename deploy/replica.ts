// npm run replica:check
//
// A real streaming replica on this machine (decision 1293): initdb a throwaway primary on a free 127.0.0.1 port
// (4310–4330), pg_basebackup -R it into a replica started on another, both run as the postgres OS user in a temporary
// directory, so the machine's own PostgreSQL is left alone. The app is built with DATABASE_URL on the primary and
// DATABASE_READ_URL on the replica, then: with the replica's replay paused, a write goes to the primary (the replica
// is read-only and would refuse it), the owner reads the new booking at once (read-your-own-write on the primary),
// the owner's analytics still show the replica's older figures, and once replay resumes they show the write.
// Exits 0 when every check holds; stops both servers and removes the directory.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { accountHooks } from '../src/server/account-hooks';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { openDatabase } from '../src/server/db/client';
import { createBooking, createService } from '../src/server/db/factories';
import { createSeoSettings } from '../src/server/features/seo/seo-settings';
import type { AppDeps } from '../src/server/http/context';
import { createOutboxMailer } from '../src/server/providers/mail/mailer';
import { createTestPaymentProvider } from '../src/server/providers/payments/test-checkout';

const BIN = '/usr/lib/postgresql/15/bin';
const ORIGIN = 'http://localhost:3000';
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the postgres OS user (the server refuses to run as root). */
function pgTool(tool: string, args: string[]) {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]]
    : [join(BIN, tool), args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
}

function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePorts(n: number, from = 4310, to = 4330) {
  const ports: number[] = [];
  for (let port = from; port <= to && ports.length < n; port++) if (await portIsFree(port)) ports.push(port);
  if (ports.length < n) throw new Error(`Not ${n} free ports in ${from}–${to}`);
  return ports;
}

function assert(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(`FAILED: ${what}`);
  console.log(`ok: ${what}`);
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface StreamingPair {
  primaryPort: number;
  replicaPort: number;
  /** The address of `database` on the primary or on the replica. */
  primaryUrl(database?: string): string;
  replicaUrl(database?: string): string;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** CPU seconds the primary's server processes (postmaster and every backend, ended ones included) have used. */
  primaryCpuSeconds(): number;
  /** The servers' logs, for a failure. */
  logs(): string;
  stop(): void;
}

/**
 * A throwaway primary and its streaming replica on free 127.0.0.1 ports (initdb, pg_basebackup -R), run as the
 * postgres OS user in a temporary directory; stop() stops both and removes the directory.
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const [primaryPort, replicaPort] = (await freePorts(2)) as [number, number];
  const work = mkdtempSync(join(tmpdir(), 'shineroute-replica-'));
  chmodSync(work, 0o777);
  const primaryDir = join(work, 'primary');
  const replicaDir = join(work, 'replica');
  const started: string[] = [];
  const url = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const logs = () =>
    ['primary.log', 'replica.log']
      .filter((log) => existsSync(join(work, log)))
      .map((log) => `${log}:\n${readFileSync(join(work, log), 'utf8')}`)
      .join('\n');
  const stop = () => {
    for (const dir of started.reverse()) {
      try {
        pgTool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {}
    }
    rmSync(work, { recursive: true, force: true });
  };
  try {
    pgTool('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${work}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'fsync = off',
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
    );
    pgTool('pg_ctl', ['-D', primaryDir, '-l', join(work, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);
    // The replica: a base backup of the primary with its standby settings (-R), on its own port.
    pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
    ]);
    appendFileSync(join(replicaDir, 'postgresql.auto.conf'), `port = ${replicaPort}\n`);
    pgTool('pg_ctl', ['-D', replicaDir, '-l', join(work, 'replica.log'), '-w', 'start']);
    started.push(replicaDir);
  } catch (err) {
    console.error(logs());
    stop();
    throw err;
  }
  const postmaster = Number(readFileSync(join(primaryDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  // /proc/<pid>/stat after the command's closing parenthesis: state, ppid, … utime (12th), stime, cutime, cstime.
  const statOf = (pid: string) => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ');
    } catch {
      return undefined; // a backend that ended between the listing and the read
    }
  };
  return {
    primaryPort,
    replicaPort,
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    async caughtUp() {
      const primary = new pg.Client({ connectionString: url(primaryPort) });
      const replica = new pg.Client({ connectionString: url(replicaPort) });
      await primary.connect();
      await replica.connect();
      try {
        const { rows } = await primary.query('select pg_current_wal_lsn()::text as lsn');
        for (let i = 0; i < 600; i++) {
          const r = await replica.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [rows[0].lsn]);
          if (r.rows[0].ok) return;
          await wait(100);
        }
        throw new Error('the replica did not catch up');
      } finally {
        await primary.end();
        await replica.end();
      }
    },
    primaryCpuSeconds() {
      // The postmaster's own time and its reaped children's (cutime, cstime), plus the backends alive now.
      const own = statOf(String(postmaster));
      if (!own) throw new Error('the primary is not running');
      let t = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
      for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
        const stat = statOf(pid);
        if (stat && Number(stat[1]) === postmaster) t += Number(stat[11]) + Number(stat[12]);
      }
      return t / ticks;
    },
    logs,
    stop,
  };
}

async function check() {
  const began = Date.now();
  const pair = await startStreamingPair();
  const { primaryPort, replicaPort } = pair;
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    console.log(`Primary on 127.0.0.1:${primaryPort}, streaming replica on 127.0.0.1:${replicaPort}`);

    const replicaAdmin = new pg.Client({ connectionString: url(replicaPort) });
    await replicaAdmin.connect();
    const [{ recovering }] = (await replicaAdmin.query('select pg_is_in_recovery() as recovering')).rows;
    assert(recovering === true, 'the replica is a standby in recovery');

    const handle = await openDatabase({ databaseUrl: url(primaryPort), readUrl: url(replicaPort) });
    await handle.migrate();
    const caughtUp = pair.caughtUp;

    const { db } = handle;
    const mailer = createOutboxMailer(db);
    const auth = createAuth({
      db,
      accounts: accountHooks(db),
      mailer,
      baseURL: ORIGIN,
      secret: 'replica-check-secret-replica-check-secret',
    });
    const deps: AppDeps = {
      db,
      readDb: handle.readDb,
      auth,
      mailer,
      payments: createTestPaymentProvider(db, ORIGIN),
      publicUrl: ORIGIN,
      linkSecret: 'replica-check-link-secret',
      supportEmail: 'support@example.com',
      trustProxy: false,
      seo: createSeoSettings({ exclusiveDatabase: true }),
    };
    const app = createApp(deps);
    const request = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
      app.request(path, {
        method: init.method ?? 'GET',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          ...(init.cookie && { cookie: init.cookie }),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });

    // Sign-up is a write: it goes to the primary.
    const signUp = await request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email: 'replica-owner@example.com',
        password: 'replica-check-password',
        name: 'Replica Owner',
        firstName: 'Replica',
        lastName: 'Owner',
      },
    });
    assert(signUp.status === 200, `sign-up through the app (${signUp.status})`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const ownerId = ((await signUp.json()) as { user: { id: string } }).user.id;
    const service = await createService(db, ownerId, { name: 'Full Detail', basePriceCents: 15_000 });
    await caughtUp();
    const before = await (await request('/api/analytics', { cookie })).json();

    // Replay paused: the replica stays where it is while the primary moves on.
    await replicaAdmin.query('select pg_wal_replay_pause()');
    const refused = await handle.readDb
      .execute(sql`create table replica_write_probe (id int)`)
      .then(() => 'written')
      // drizzle wraps the driver's error; PostgreSQL's own message is its cause.
      .catch((err: Error) => (err.cause as Error | undefined)?.message ?? err.message);
    assert(/read-only/.test(String(refused)), `a write on the read connection is refused: "${refused}"`);
    const booking = await createBooking(db, ownerId, {
      service: { id: service.id, name: service.name, durationMinutes: 60 },
      scheduledAt: new Date(),
      locationAddress: '500 Congress Ave, Austin, TX 78701',
      quotedPriceCents: 15_000,
      status: 'completed',
    });
    const own = await request(`/api/bookings/${booking.id}`, { cookie });
    assert(
      own.status === 200,
      'the owner reads the booking just written at once (read-your-own-write, primary)',
    );
    const lagging = await (await request('/api/analytics', { cookie })).json();
    assert(
      JSON.stringify(lagging) === JSON.stringify(before),
      'the analytics come from the replica: with replay paused they do not show the write yet',
    );
    await replicaAdmin.query('select pg_wal_replay_resume()');
    await caughtUp();
    const fresh = await (await request('/api/analytics', { cookie })).json();
    assert(
      JSON.stringify(fresh) !== JSON.stringify(before),
      'once the replica replays the write, the analytics show it',
    );
    await replicaAdmin.end();
    await handle.close();
    console.log(`Replica check passed in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
  } catch (err) {
    console.error(pair.logs());
    throw err;
  } finally {
    pair.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  await check().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
