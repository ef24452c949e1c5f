// The front door's API figures for `npm run bench`: the app's /api/health and zip availability check under 50
// keep-alive connections, each interleaved with a bare node:http hello-world on the same machine and given as a
// ratio of it. Exported for scripts/bench.ts; runnable alone: npx tsx scripts/bench-api.ts [--duration=10]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from './load-client';

/**
 * A free port on 127.0.0.1 for a server the bench starts: any free port, or with `--ports=FIRST-LAST` (or
 * BENCH_PORTS=FIRST-LAST) the first free one in that range, for a machine where each user has ports of their own.
 */
export async function freePort(): Promise<number> {
  const range = (process.argv.find((a) => a.startsWith('--ports='))?.slice(8) ?? process.env.BENCH_PORTS)
    ?.split('-')
    .map(Number);
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const s = createNetServer();
      s.once('error', () => resolve(null));
      s.listen(port, '127.0.0.1', () => {
        const { port: bound } = s.address() as { port: number };
        s.close(() => resolve(bound));
      });
    });
  if (!range) return (await tryPort(0))!;
  const [first, last = first] = range as [number, number?];
  for (let port = first; port <= last!; port++) {
    if ((await tryPort(port)) !== null) return port;
  }
  throw new Error(`no free port in ${first}-${last}`);
}

/** A bare node:http server answering a tiny JSON body: the reference the app's figures are divided by. */
export async function startBareServer() {
  const port = await freePort();
  const body = JSON.stringify({ ok: true });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise<{ url: string; stop(): Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () => new Promise((done) => server.close(() => done())),
      });
      server.keepAliveTimeout = 30_000;
    });
  });
}

/** Runs scripts/load-client.ts in a process of its own (the caller's process would slow it down). */
export function runLoad(config: {
  url: string;
  durationSeconds: number;
  paths: string[];
  headers?: Record<string, string>;
  order?: 'cycle' | 'random';
  addresses?: number;
}) {
  const file = join(tmpdir(), `shineroute-load-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ order: 'cycle', connections: 50, headers: {}, ...config }));
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load-client.ts', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as LoadResult)
        : reject(new Error(`the load client exited with ${code}`)),
    );
  });
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/**
 * The app against bare node:http, interleaved (bare, app, bare, app…, `rounds` times each, best of each side), so a
 * busy machine slows both sides alike. Returns the printable line.
 */
export async function ratioToBare(opts: {
  appUrl: string;
  bareUrl: string;
  title: string;
  paths: string[];
  durationSeconds: number;
  goal: number;
  p99Goal?: number;
  rounds?: number;
  /** Requests come from this many client addresses (X-Forwarded-For), on both sides. */
  addresses?: number;
}) {
  const rounds = opts.rounds ?? 2;
  const seconds = Math.max(2, Math.round(opts.durationSeconds / rounds));
  const { addresses } = opts;
  await runLoad({ url: opts.appUrl, durationSeconds: 2, paths: opts.paths, addresses }); // warm-up: JIT, caches, connections
  let bare: LoadResult | undefined;
  let app: LoadResult | undefined;
  for (let i = 0; i < rounds; i++) {
    const b = await runLoad({ url: opts.bareUrl, durationSeconds: seconds, paths: ['/'], addresses });
    const a = await runLoad({ url: opts.appUrl, durationSeconds: seconds, paths: opts.paths, addresses });
    if (!bare || b.perSecond > bare.perSecond) bare = b;
    if (!app || a.perSecond > app.perSecond) app = a;
  }
  const ratio = app!.perSecond / bare!.perSecond;
  const failed = app!.non2xx + app!.errors;
  const ok = ratio >= opts.goal && failed === 0 && (opts.p99Goal === undefined || app!.p99 < opts.p99Goal);
  return (
    `${opts.title}: ${ratio.toFixed(2)}× bare (${Math.round(app!.perSecond).toLocaleString('en-US')} vs ` +
    `${Math.round(bare!.perSecond).toLocaleString('en-US')} req/s); p50 ${ms(app!.p50)}, p99 ${ms(app!.p99)}` +
    `${failed ? `, ${failed} failed` : ''} — goal ≥ ${opts.goal}×${opts.p99Goal ? ` and p99 < ${opts.p99Goal} ms` : ''}: ` +
    (ok ? 'within target' : 'OVER TARGET')
  );
}

/** The API figures of issue 14 against a running app. */
export async function apiFigures(appUrl: string, durationSeconds: number, report: (line: string) => void) {
  const bare = await startBareServer();
  try {
    report(`API at 50 connections vs bare node:http (interleaved, ${durationSeconds} s each side):`);
    report(
      `  ${await ratioToBare({ appUrl, bareUrl: bare.url, title: 'GET /api/health', paths: ['/api/health'], durationSeconds, goal: 0.6 })}`,
    );
    // Served and unserved zips, as visitors type them.
    const zips = ['78701', '78704', '10001', '90210', '60601'].map(
      (z) => `/api/public/availability?zip=${z}`,
    );
    // From 20,000 visitors' addresses (the server trusts X-Forwarded-For here), a few checks each, well under the
    // per-address limit of 300 a minute: the limiter's work is in the figure and no request is refused.
    report(
      `  ${await ratioToBare({ appUrl, bareUrl: bare.url, title: 'zip availability check (rate limited per address)', paths: zips, durationSeconds, goal: 0.4, p99Goal: 20, addresses: 20_000 })}`,
    );
  } finally {
    await bare.stop();
  }
}

if (process.argv[1]?.endsWith('bench-api.ts')) {
  const url = process.argv.find((a) => a.startsWith('--url='))?.slice(6);
  const duration = Number(process.argv.find((a) => a.startsWith('--duration='))?.slice(11) ?? 10);
  if (!url)
    throw new Error('usage: npx tsx scripts/bench-api.ts --url=http://127.0.0.1:PORT [--duration=10]');
  apiFigures(url, duration, console.log).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
