// Benchmarks: npm run bench
//
//   0. The front door's API (issue 14): /api/health and the zip check under 50 connections, each as a ratio of a bare
//      node:http server measured interleaved with it (scripts/bench-api.ts). --only=api stops after this part.
//   1. Generation: the real server (spawned, its own job queue) generates 10,000 platform pages from one admin
//      request (40 states × 5 cities × 2 keywords × 25 vehicles); the time runs from the request to the run's end.
//   2. The table is filled to 100,000 pages (copies of the generated ones under new slugs).
//   3. The server is started again on that data and renders ahead the pages without a stored render (the copies);
//      once every page is rendered and loaded into memory: the admin list, plain and searched, one request at a time;
//      then /seo/{slug} under 50 concurrent keep-alive connections (scripts/load-client.ts, sending a browser's
//      Accept-Encoding) for a hot page, a set of 1,000 popular pages, slugs drawn uniformly from all 100,000, and
//      the same from a client that takes no gzip.
//
//   S. Data at scale (scripts/bench-scale.ts): the demo business gets 100,000 bookings and 20,000 customers; its
//      dashboard, list first pages and a busy day's slots are timed through HTTP.
//
//   L. Lighthouse (scripts/lighthouse.ts): mobile preset, median of 3 runs, on /, /book, /book/{demo slug}, /auth,
//      /for-detailers, /about, /contact and a /seo/{slug} page of a server serving the built app (--lighthouse-runs=N;
//      --paths=/book,/book/lone-star-mobile-detailing measures only those pages).
//
//   R. Routes (scripts/bench-routing.ts): the route solver on Solomon's VRPTW instances (gap to the best known
//      distance; all 56 of bench/vrptw/solomon/, --routing-set=quick for six of them, --vrptw-dir=DIR for another
//      folder; --routing-ms=2000,1000) and
//      a business day of 60 jobs and 6 technicians. Needs no server or database.
//
//   F. The field app (scripts/bench-field.ts): Lighthouse's mobile preset on /field, its first load's gzipped
//      JavaScript, a repeat open of Today with no network, and a 4000×3000 JPEG downscaled at 4× CPU slowdown, signed in
//      as the demo technician, each beside its goal: "within target" or "over" (--only=field-web); the photo line
//      alone, with no server or build: --only=field-photo.
//
//   G. Field sync (scripts/bench-field-sync.ts): the demo technician's 20 queued actions and 10 ~1 MB photos sent through
//      the field API one by one, as the field app does after reconnecting (goal < 10 s). --only=field.
//
//   H. Owner analytics (scripts/bench-analytics.ts): on the scale part's data, /analytics and its reports for a month
//      and a year, through HTTP (goal < 100 ms each). Only with --only=analytics (or listed with others).
//
//   I. Calendar sync (scripts/bench-calendar.ts): the slots of a busy day with other calendars (goal < 30 ms) and a
//      feed of 2,000 events (goal < 200 ms), in process on a fresh PGlite. Only with --only=calendar.
//   O. Routes (scripts/bench-routes.ts): Optimize's solver call on a 60-job, 6-technician day (goal < 1 s), and the Routes screen's API answers for that day (goal < 1.5 s). --only=routes.
//   C. Cluster (scripts/bench-cluster.ts): a booking-heavy mix (customers booking through /book's requests, a few
//      owner readers) through HAProxy at 1, 2 and 3 instances on one PostgreSQL (--only=cluster, --cluster-port=4207:
//      HAProxy there, instances on the ports after it; --cluster-bookers=12 --cluster-readers=4
//      --cluster-businesses=6 --cluster-instances=1,2,3; a smoke run: --duration=2 --cluster-instances=1).
//   R. Cluster with the read replica (scripts/bench-cluster-replica.ts): an analytics-heavy mix of owners through
//      HAProxy, run without and then with DATABASE_READ_URL on a streaming replica; the primary's load (CPU seconds,
//      transactions, rows and buffers read) measured on the primary (--only=cluster-replica; --cluster-instances=2,
//      --replica-owners=4 --replica-readers=8 --replica-bookings=20000).
//
// Parts: --only=api,cluster,cluster-replica,scale,lighthouse,seo,routing,routes,field-web,field-photo,field,analytics,calendar (any of them, comma-separated; default api,scale,lighthouse,seo,routing,field). It prints figures and asserts nothing. Servers bind 127.0.0.1 on free ports and are stopped at the end; the
// embedded database lives in a temporary folder (or, with BENCH_DATABASE_URL=postgres://…/postgres, in a fresh
// PostgreSQL database that is dropped afterwards). Options: --pages=100000 --duration=10 --data-dir=DIR, --ports=FIRST-LAST
// (or BENCH_PORTS): the servers take free ports in that range only; --start-timeout=300 (seconds a server may take to start).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { DEMO_OWNER, DEMO_TECH } from '../src/server/db/seed';
import { STATE_CODES } from '../src/shared/seo.constants';
import { analyticsFigures, analyticsQueryFigures } from './bench-analytics';
import { apiFigures, freePort, runLoad } from './bench-api';
import { calendarFigures } from './bench-calendar';
import { clusterFigures } from './bench-cluster';
import { clusterReplicaFigures } from './bench-cluster-replica';
import { fieldWebFigures, photoPart } from './bench-field';
import { fieldSyncFigures } from './bench-field-sync';
import { routesFigures } from './bench-routes';
import { routingFigures } from './bench-routing';
import { fillScale, scaleFigures } from './bench-scale';
import { defaultPaths, runLighthouse } from './lighthouse';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const TARGET_PAGES = Number(args.pages ?? 100_000);
const DURATION = Number(args.duration ?? 10);
const LIGHTHOUSE_RUNS = Number(args['lighthouse-runs'] ?? 3);
// The address pages are published under (canonical URLs): one for every server the bench starts, wherever it
// listens, as behind a load balancer; renders stored by one server stay valid for the next.
const PUBLIC_URL = 'https://bench.shineroute.test';
const ADMIN = { email: 'admin@shineroute.test', password: 'shine-demo-admin' };
const GENERATION = {
  keywords: ['Car Detailing', 'Mobile Car Wash'],
  // 40 states: all but the ten smallest by population.
  selectedStates: STATE_CODES.filter(
    (c) => !['AK', 'DE', 'HI', 'MT', 'ND', 'NH', 'RI', 'SD', 'VT', 'WY'].includes(c),
  ),
  targetVehicles: true,
};

// --data-dir=DIR keeps the embedded database there and, when it already holds the pages, skips generation and filling
// (to measure serving again); by default a temporary folder is used and removed.
const keptDataDir = args['data-dir'] ? String(args['data-dir']) : undefined;
const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'shineroute-bench-'));
mkdirSync(dataDir, { recursive: true });
const pgAdminUrl = process.env.BENCH_DATABASE_URL;
const pgDatabase = `shineroute_bench_${process.pid}`;
const databaseUrl = pgAdminUrl ? withDatabase(pgAdminUrl, pgDatabase) : undefined;

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `web`: serve the built web app too, published at the server's own address (for Lighthouse). */
async function startServer(label: string, { web = false } = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(join(dataDir, `server-${label}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: web ? url : PUBLIC_URL,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SERVE_WEB: String(web),
      NODE_ENV: 'production',
      // The load client speaks as a proxy for many visitors (X-Forwarded-For), so per-address limits see addresses.
      TRUST_PROXY: 'true',
      ALLOW_TEST_CHECKOUT: 'true',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', log, log],
  });
  // A loaded machine starts a server slowly (migrations and the demo seed on PGlite): --start-timeout=SECONDS.
  const startSeconds = Number(args['start-timeout'] ?? 300);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}); see ${join(dataDir, `server-${label}.log`)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the error (it would keep the bench's process alive).
      child.kill('SIGKILL');
      throw new Error(`the server did not start within ${startSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      }),
  };
}

async function signIn(server: Server, account: { email: string; password: string } = ADMIN) {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** fetch, retried when a kept-alive connection was closed under it (the server is busy generating). */
async function get(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET');
const results: string[] = [];
const report = (line: string) => {
  results.push(line);
  console.log(line);
};

async function generation() {
  const server = await startServer('generate');
  try {
    const cookie = await signIn(server);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/admin/seo/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: PUBLIC_URL },
      body: JSON.stringify(GENERATION),
    });
    const accepted = performance.now() - started;
    if (res.status !== 202) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
    const { runId, totalPages } = (await res.json()) as { runId: string; totalPages: number };
    let run: { status: string; processedPages: number; createdPages: number } = {
      status: 'queued',
      processedPages: 0,
      createdPages: 0,
    };
    let lastPrint = 0;
    while (run.status === 'queued' || run.status === 'running') {
      await new Promise((r) => setTimeout(r, 250));
      run = (
        (await (await get(`${server.url}/api/admin/seo/runs/${runId}`, { headers: { cookie } })).json()) as {
          run: typeof run;
        }
      ).run;
      if (performance.now() - lastPrint > 5_000) {
        lastPrint = performance.now();
        console.log(`  … ${run.processedPages} / ${totalPages} pages`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    report(
      `Generation: ${run.createdPages.toLocaleString('en-US')} of ${totalPages.toLocaleString('en-US')} pages, status ${run.status}`,
    );
    report(
      `  request answered in ${ms(accepted)}; all pages in ${seconds.toFixed(1)} s (${Math.round(totalPages / seconds)} pages/s) — target < 60 s: ${verdict(seconds < 60)}`,
    );
  } finally {
    await server.stop();
  }
}

/** Fills city_seo_pages up to the target with copies of the generated pages (new slugs, older dates). */
async function fillTo(target: number): Promise<string[]> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, 'pglite') });
  try {
    const count = async () =>
      Number(
        (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from city_seo_pages`)).rows[0]!
          .n,
      );
    const started = performance.now();
    let n = await count();
    for (let copy = 1; n < target; copy++) {
      await handle.db.execute(sql`
        insert into city_seo_pages (business_id, city, state, keywords, page_title, meta_description, slug, status, content, faq,
                                    vehicle_make, vehicle_model, created_at, updated_at)
        select business_id, city, state, keywords, page_title, meta_description, slug || '-copy-' || ${copy}, status, content, faq,
               vehicle_make, vehicle_model, created_at - make_interval(days => ${copy}), updated_at
        from city_seo_pages
        where generation_run_id is not null
        limit ${target - n}`);
      n = await count();
    }
    await handle.db.execute(sql`analyze city_seo_pages`);
    report(
      `Data: ${n.toLocaleString('en-US')} pages stored (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const slugs = await handle.db.execute<{ slug: string }>(
      sql`select slug from city_seo_pages where status = 'complete'`,
    );
    return slugs.rows.map((r) => r.slug);
  } finally {
    await handle.close();
  }
}

// What a browser sends; pages go out gzipped to such clients.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html' };

async function load(
  url: string,
  title: string,
  paths: string[],
  order: 'cycle' | 'random',
  headers: Record<string, string> = BROWSER_HEADERS,
  reference = false,
) {
  const run = (durationSeconds: number) => runLoad({ url, durationSeconds, headers, paths, order });
  await run(3); // warm-up: JIT, caches, connections
  const r = await run(DURATION);
  const bad = r.non2xx + r.errors;
  report(
    `${title}: p50 ${ms(r.p50)}, p97.5 ${ms(r.p97_5)}, p99 ${ms(r.p99)}, max ${ms(r.max)}; ` +
      `${Math.round(r.perSecond).toLocaleString('en-US')} req/s${bad ? `, ${bad} failed` : ''}` +
      (reference ? ' (for reference)' : ` — target p99 < 10 ms: ${verdict(r.p99 < 10 && bad === 0)}`),
  );
}

async function timed(label: string, fn: () => Promise<unknown>, times = 40) {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const p95 = samples[Math.floor(samples.length * 0.95)]!;
  report(
    `  ${label}: median ${ms(median)}, p95 ${ms(p95)}, max ${ms(samples.at(-1)!)} — target < 50 ms: ${verdict(p95 < 50)}`,
  );
}

async function serving(slugs: string[]) {
  const server = await startServer('serve');
  try {
    const hot = slugs[0]!;
    const cookie = await signIn(server);
    const list = async (search?: string) => {
      const res = await get(
        `${server.url}/api/admin/seo/pages${search ? `?q=${encodeURIComponent(search)}` : ''}`,
        { headers: { cookie } },
      );
      if (!res.ok) throw new Error(`admin list answered ${res.status}`);
      return res.json();
    };
    // The server renders ahead the pages without a stored render (the copies) and loads the renders into memory.
    const started = performance.now();
    let serving: {
      pagesInMemory: number;
      bytesInMemory: number;
      memoryBudgetBytes: number;
      warming: boolean;
      pendingRenders: number;
    };
    for (let lastPrint = 0; ; ) {
      serving = await (await get(`${server.url}/api/admin/seo/serving`, { headers: { cookie } })).json();
      if (serving.pendingRenders === 0 && !serving.warming) break;
      if (performance.now() - lastPrint > 10_000) {
        lastPrint = performance.now();
        console.log(`  … ${serving.pendingRenders} pages to render, ${serving.pagesInMemory} in memory`);
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
    report(
      `Serving: every page rendered and stored; ${serving.pagesInMemory.toLocaleString('en-US')} pages in memory, ` +
        `${(serving.bytesInMemory / 2 ** 20).toFixed(0)} MB of a ${(serving.memoryBudgetBytes / 2 ** 20).toFixed(0)} MB budget ` +
        `(ready ${((performance.now() - started) / 1000).toFixed(1)} s after start)`,
    );
    report('Admin list (up to 100 rows, signed in as admin, through HTTP), one request at a time:');
    await timed('newest 100', () => list());
    await timed('search "austin"', () => list('austin'));
    await timed('search "ford f-150"', () => list('ford f-150'));
    await timed('search "Texas" (a state name)', () => list('Texas'));
    await timed('search "zzqx" (no match)', () => list('zzqx'));
    report(`/seo/{slug} at 50 connections, ${DURATION} s each (after a 3 s warm-up):`);
    const all = slugs.map((s) => `/seo/${s}`);
    await load(server.url, '  one page', [`/seo/${hot}`], 'cycle');
    await load(server.url, '  1,000 popular pages', all.slice(0, 1_000), 'cycle');
    await load(server.url, `  uniform over ${slugs.length.toLocaleString('en-US')} pages`, all, 'random');
    // Browsers, crawlers and CDNs all take gzip; a client that does not costs the server an inflate per request.
    await load(server.url, '  the same, client without gzip', all, 'random', { accept: 'text/html' }, true);
  } finally {
    await server.stop();
  }
}

/** Data at scale: migrate and seed, fill with SQL, then measure on a server started on that data. */
async function scale() {
  await (await startServer('scale-prep')).stop();
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, 'pglite') });
  let target: Awaited<ReturnType<typeof fillScale>>;
  try {
    target = await fillScale(handle.db, DEMO_OWNER.email, report);
  } finally {
    await handle.close();
  }
  const server = await startServer('scale');
  try {
    await scaleFigures(server.url, await signIn(server, DEMO_OWNER), target, report);
  } finally {
    await server.stop();
  }
}

/** The owner's /analytics requests on the demo business at scale (the scale part's data; docs/decisions/1191). */
async function analyticsPart() {
  await (await startServer('analytics-prep')).stop();
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, 'pglite') });
  try {
    const { businessId } = await fillScale(handle.db, DEMO_OWNER.email, report);
    await analyticsQueryFigures(handle.db, businessId, report);
  } finally {
    await handle.close();
  }
  if (args['queries-only']) return;
  const server = await startServer('analytics');
  try {
    await analyticsFigures(server.url, await signIn(server, DEMO_OWNER), report);
  } finally {
    await server.stop();
  }
}

/** Lighthouse (mobile preset, median of 3) on the public pages of a server that serves the built web app. */
async function lighthousePart() {
  if (!existsSync('dist/web/index.html')) {
    console.log('Building the web app for Lighthouse (npm run build)…');
    execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  }
  const server = await startServer('lighthouse', { web: true });
  try {
    const paths = args.paths ? String(args.paths).split(',') : await defaultPaths(server.url);
    report(`Lighthouse, mobile preset, median of ${LIGHTHOUSE_RUNS} runs per page:`);
    const figures = await runLighthouse(server.url, paths, { runs: LIGHTHOUSE_RUNS });
    for (const f of figures) {
      report(
        `  ${f.path}: performance ${f.score} (runs ${f.scores.join(' · ')}), LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${f.tbtMs} ms, CLS ${f.cls}`,
      );
    }
  } finally {
    await server.stop();
  }
}

/** The technician's field app, built and served, as the demo technician (docs/decisions/1175). */
async function fieldWebPart() {
  if (!existsSync('dist/web/field/index.html')) {
    console.log('Building the web app for the field app figures (npm run build)…');
    execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  }
  const server = await startServer('field-web', { web: true });
  try {
    await fieldWebFigures(server.url, DEMO_TECH, report, { lighthouseRuns: LIGHTHOUSE_RUNS });
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `ShineRoute benchmark on ${databaseUrl ? 'PostgreSQL' : 'the embedded PGlite'} (data in ${dataDir})\n`,
  );
  if (pgAdminUrl) {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${pgDatabase}`);
    await admin.end();
  }
  let ok = false;
  const parts = new Set(String(args.only ?? 'api,scale,lighthouse,seo,routing,field').split(','));
  try {
    if (parts.has('routing'))
      await routingFigures(report, {
        vrptwDir: args['vrptw-dir'],
        set: args['routing-set'] === 'quick' ? 'quick' : 'all',
        timeLimitsMs: args['routing-ms'] ? String(args['routing-ms']).split(',').map(Number) : undefined,
      });
    if (parts.has('routes')) await routesFigures(report);
    if (parts.has('api')) {
      const api = await startServer('api');
      try {
        await apiFigures(api.url, DURATION, report);
      } finally {
        await api.stop();
      }
    }
    if (parts.has('field')) {
      const field = await startServer('field');
      try {
        await fieldSyncFigures(field.url, PUBLIC_URL, await signIn(field, DEMO_TECH), report);
      } finally {
        await field.stop();
      }
    }
    if (parts.has('cluster'))
      await clusterFigures({
        port: Number(args['cluster-port'] ?? 4207),
        durationSeconds: DURATION,
        report,
        bookers: args['cluster-bookers'] ? Number(args['cluster-bookers']) : undefined,
        readers: args['cluster-readers'] ? Number(args['cluster-readers']) : undefined,
        businesses: args['cluster-businesses'] ? Number(args['cluster-businesses']) : undefined,
        instances: args['cluster-instances']
          ? String(args['cluster-instances']).split(',').map(Number)
          : undefined,
      });
    if (parts.has('cluster-replica'))
      await clusterReplicaFigures({
        port: Number(args['cluster-port'] ?? 4207),
        durationSeconds: DURATION,
        report,
        // One size: the last of --cluster-instances when the booking-heavy part is given several.
        instances: args['cluster-instances']
          ? Number(String(args['cluster-instances']).split(',').at(-1))
          : undefined,
        owners: args['replica-owners'] ? Number(args['replica-owners']) : undefined,
        readers: args['replica-readers'] ? Number(args['replica-readers']) : undefined,
        bookings: args['replica-bookings'] ? Number(args['replica-bookings']) : undefined,
      });
    if (parts.has('scale')) await scale();
    if (parts.has('analytics')) await analyticsPart();
    if (parts.has('calendar')) await calendarFigures(report);
    if (parts.has('lighthouse')) await lighthousePart();
    if (parts.has('field-web')) await fieldWebPart();
    if (parts.has('field-photo')) await photoPart(report);
    if (!parts.has('seo')) {
      console.log('\nSummary');
      for (const line of results) console.log(line);
      ok = true;
      return;
    }
    const reuse = keptDataDir !== undefined && !pgAdminUrl && existsSync(join(dataDir, 'pglite'));
    if (!reuse) await generation();
    const slugs = await fillTo(TARGET_PAGES);
    await serving(slugs);
    console.log('\nSummary');
    for (const line of results) console.log(line);
    ok = true;
  } finally {
    if (pgAdminUrl) {
      const admin = new pg.Client({ connectionString: pgAdminUrl });
      await admin.connect();
      if (args['keep-db']) console.log(`PostgreSQL database kept: ${pgDatabase}`);
      else await admin.query(`drop database if exists ${pgDatabase} with (force)`);
      await admin.end();
    }
    // On failure the data and the server logs stay for a look.
    if (ok && !keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`Server logs and data kept in ${dataDir}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
