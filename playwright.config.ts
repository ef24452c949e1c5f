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
    // A failing journey keeps its trace (actions, DOM snapshots, network); the screencast is left out: recording it on
    // every journey, passing or not, cost more CPU than the snapshots (decision 1205). A failure's screenshot is kept.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
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
    // A fresh embedded database with the demo seed for every run.
    command: `rm -rf data/e2e && npm run build --silent && tsx src/server/main.ts`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: 'data/e2e',
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
