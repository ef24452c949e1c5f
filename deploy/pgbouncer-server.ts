// PgBouncer in transaction mode on a free 127.0.0.1 port, in front of a PostgreSQL server (Debian's pgbouncer;
// decisions 1292, 1323): used by `npm run pgbouncer:check` and by the test suite's run through the pooler.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await wait(100);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function freePort(from: number, to: number) {
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port in ${from}–${to}`);
}

/** Starts pgbouncer in transaction mode in front of `upstream`; every database name is passed through. */
export async function startPgBouncer(upstream: URL, port: number, serverPool = 3) {
  if (!existsSync(PGBOUNCER)) throw new Error('PgBouncer is missing: apt-get install -y pgbouncer');
  const work = mkdtempSync(join(tmpdir(), 'shineroute-pgbouncer-'));
  // PgBouncer refuses to run as root; it drops to the postgres user (-u), who must write its pid file here.
  chmodSync(work, 0o777);
  const ini = join(work, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432} user=${decodeURIComponent(upstream.username || 'postgres')}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${serverPool}`,
      'max_client_conn = 1000',
      `pidfile = ${join(work, 'pgbouncer.pid')}`,
      // Drivers that set these per connection (node-postgres does not) would otherwise be refused.
      'ignore_startup_parameters = extra_float_digits,options',
      // A test suite opens and closes thousands of connections: only errors are worth a line.
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), ini], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(async () => !(await portIsFree(port)), `pgbouncer on port ${port}`);
  return {
    url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGINT');
      await exited;
      rmSync(work, { recursive: true, force: true });
    },
  };
}
