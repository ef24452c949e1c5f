import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3111);
export const BASE_URL = `http://localhost:${PORT}`;

/**
 * Debian's Chromium (no browser downloads on this machine): its old headless shell (package chromium-headless-shell,
 * the same Blink and V8 as /usr/bin/chromium, and what Playwright itself runs for headless Chromium) when installed —
 * CI installs it — or the full browser. A new context and its first page load cost about a third of the full
 * browser's CPU, and the suite is CPU-bound on two cores (docs/decisions/1205). The flags keep it off the network.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/**
 * CI's run (E2E_LEAN=1): its clone is thrown away, so only what a failure needs is kept: no screenshots for people
 * (e2e/screenshot.ts) and no DOM snapshots in the traces (decision 1368).
 */
export const LEAN = process.env.E2E_LEAN === '1';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The server's database: embedded PGlite under data/e2e (the default), or, when E2E_DATABASE_URL names a PostgreSQL
 * server (CI, decision 1363), a database of its own there, made fresh for the run and dropped after it
 * (e2e/global-teardown.ts; by scripts/e2e-server.ts once its server has exited, when that script started it). PGlite runs every query in WebAssembly on the server's own thread, which the journeys'
 * requests wait behind; PostgreSQL runs them in processes of its own.
 */
const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL;
export const E2E_DATABASE = E2E_DATABASE_URL ? databaseOfRun(E2E_DATABASE_URL, PORT) : undefined;

function databaseOfRun(serverUrl: string, port: number) {
  const name = `shineroute_e2e_${port}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { serverUrl, name, url: url.toString() };
}

/** The uploads under data/e2e go either way; a database of the run is dropped first in case one before was killed. */
const freshDatabase = E2E_DATABASE
  ? `rm -rf data/e2e && PGOPTIONS=--client-min-messages=warning psql "${E2E_DATABASE.serverUrl}" -v ON_ERROR_STOP=1 -q -c 'DROP DATABASE IF EXISTS ${E2E_DATABASE.name} WITH (FORCE)' -c 'CREATE DATABASE ${E2E_DATABASE.name}'`
  : 'rm -rf data/e2e';

/**
 * CI builds the web app beside its PostgreSQL tests and says so with E2E_PREBUILT=1 (.ci/run, decision 1363): the
 * server then serves that build instead of building again. Anywhere else every run builds what it tests.
 */
const build =
  process.env.E2E_PREBUILT === '1' &&
  existsSync('dist/web/index.html') &&
  existsSync('dist/web/field/index.html')
    ? 'true'
    : 'npm run build --silent';

/**
 * Journeys that change what every page shows (the platform settings: banner, prices, tax rate, support email) run on
 * their own, one at a time, after all the others; the platform SEO generator's journeys (which delete every generated
 * page) one at a time beside the rest, listed first so that they start in the first minute instead of last in the queue
 * (decision 1352). Everything else works in a business of its own or only reads the demo data, and
 * runs on both workers (docs/decisions/1140).
 */
const PLATFORM_SETTINGS = ['admin-settings.spec.ts', 'billing-promotion.spec.ts'];
const PLATFORM_SEO = ['admin-seo.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: E2E_DATABASE ? './e2e/global-teardown.ts' : undefined,
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Two cores: two browsers against one server.
  workers: 2,
  // No retries: a flaky test must fail and be fixed, not hidden.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Two browsers and the server share two cores: a journey takes up to twice as long as it did alone.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    // A click or fill that can never happen (an element covered, detached, never enabled) fails within seconds with
    // what it waited for, instead of using up the journey's whole budget (a 240 s journey hung in CI that way).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // A failing journey keeps its trace (actions, DOM snapshots, network); the screencast is left out: recording it on
    // every journey, passing or not, cost more CPU than the snapshots (decision 1205). A failure's screenshot is kept.
    // A lean run (E2E_LEAN=1, CI) records no DOM snapshots either: taken before and after every action of every
    // journey, passing or not, they were about a tenth of the step's CPU; the trace keeps the actions, console and
    // network, and the failure its screenshot (decision 1368).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: !LEAN },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    // The journeys run as a visitor who asked for less motion (the app's prefers-reduced-motion rule in styles.css):
    // spinners, skeletons' pulse and toasts' slide are painted once instead of every frame while a journey waits, about
    // 4 % of the step's CPU. The booking and workday journeys keep the default motion, and reduced-motion.spec.ts
    // checks both (decision 1374).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'platform-seo',
      testMatch: PLATFORM_SEO,
      workers: 1,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testIgnore: [...PLATFORM_SETTINGS, ...PLATFORM_SEO],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'platform-settings',
      testMatch: PLATFORM_SETTINGS,
      dependencies: ['chromium', 'platform-seo'],
      workers: 1,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    // A fresh database with the demo seed for every run.
    command: `${freshDatabase} && ${build} && tsx src/server/main.ts`,
    url: `${BASE_URL}/api/health`,
    // CI starts this same server (command and environment, through scripts/e2e-server.ts) during its PostgreSQL step,
    // where a core is mostly idle, and says so with E2E_SERVER_STARTED=1; Playwright then uses it (decision 1370).
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: 'data/e2e',
      ...(E2E_DATABASE ? { DATABASE_URL: E2E_DATABASE.url } : {}),
      PUBLIC_URL: BASE_URL,
      SEED_DEMO: 'true',
      // Every journey signs in from 127.0.0.1; the limit itself is covered by the API tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Webhook journeys deliver to a receiver on 127.0.0.1 (decision 1202).
      OUTBOUND_ALLOW_PRIVATE: 'true',
      // Review requests go out on the automations tick: every 10 s here instead of every minute, so the journeys that
      // wait for one (a11y's customer pages, automations' review) wait seconds, not up to a minute (decision 1205).
      AUTOMATIONS_TICK_SECONDS: '10',
      // A line per request is CPU the journeys need, and nobody reads it: warnings and errors only.
      LOG_LEVEL: 'warn',
    },
    stdout: 'pipe',
  },
});
