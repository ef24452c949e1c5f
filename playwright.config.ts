import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3111);
export const BASE_URL = `http://localhost:${PORT}`;

// Debian's Chromium (no browser downloads on this machine); flags keep it off the network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  // No retries: a flaky test must fail and be fixed, not hidden.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
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
    },
    stdout: 'pipe',
  },
});
