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
  await start(0, true);
  await Promise.all(ports.slice(1).map((_, i) => start(i + 1, false)));

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

async function check(cluster: Cluster) {
  const origin = cluster.url;
  const email = `cluster-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
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
  if (signUp.status !== 200) throw new Error(`sign-up through HAProxy: ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // A session made on one instance works on every instance, directly and through the balancer.
  for (const port of cluster.ports) {
    const me = await fetch(`http://127.0.0.1:${port}/api/auth/get-session`, { headers: { cookie, origin } });
    const session = (await me.json().catch(() => null)) as { user?: { email?: string } } | null;
    if (session?.user?.email !== email) {
      throw new Error(`the session does not work on the instance at ${port}: ${me.status}`);
    }
  }
  console.log(`A session made through HAProxy works on all ${cluster.ports.length} instances.`);

  // Bounded load (8 clients) while instance 2 restarts with SIGTERM: no request may fail.
  const before = await balancerErrors(cluster.statsUrl);
  let running = true;
  let ok = 0;
  const failures: string[] = [];
  const client = async () => {
    while (running) {
      const res = await fetch(`${origin}/api/dashboard`, { headers: { cookie, origin } }).catch(
        (e: Error) => e,
      );
      if (res instanceof Error) failures.push(res.message);
      else if (res.status !== 200) failures.push(`status ${res.status}`);
      else ok++;
      if (res instanceof Response) await res.arrayBuffer();
    }
  };
  const clients = Array.from({ length: 8 }, client);
  await wait(1000);
  const restarting = cluster.restart(1, 'SIGTERM');
  await restarting;
  await wait(1000);
  running = false;
  await Promise.all(clients);
  const after = await balancerErrors(cluster.statsUrl);
  const lbErrors = after.econ - before.econ + (after.eresp - before.eresp) + (after.http5xx - before.http5xx);
  console.log(
    `SIGTERM restart under load: ${ok} requests answered, ${failures.length} failed; HAProxy errors ${lbErrors} ` +
      `(retries ${after.retries - before.retries}, redispatches ${after.redispatches - before.redispatches})`,
  );
  if (failures.length || lbErrors)
    throw new Error(`requests failed during the SIGTERM restart: ${failures.slice(0, 5).join('; ')}`);

  // SIGKILL: the balancer takes the dead instance out and the rest carry on.
  await cluster.kill(2, 'SIGKILL');
  await wait(1500);
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${origin}/api/dashboard`, { headers: { cookie, origin } });
    if (res.status !== 200) throw new Error(`after SIGKILL of an instance: ${res.status}`);
  }
  console.log('After SIGKILL of an instance the others answer every request.');
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
