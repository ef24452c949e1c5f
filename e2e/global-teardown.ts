import { execFileSync } from 'node:child_process';
import { E2E_DATABASE } from '../playwright.config';

/**
 * Drops the run's own PostgreSQL database (E2E_DATABASE_URL, decision 1363). It runs before Playwright stops the
 * server, so the server's connections are ended with it. A server started outside Playwright (E2E_SERVER_STARTED=1,
 * scripts/e2e-server.ts) owns its database: its starter drops it once that server has exited, not from under it.
 */
export default function dropDatabaseOfRunAfterPlaywright() {
  if (process.env.E2E_SERVER_STARTED === '1') return;
  dropDatabaseOfRun();
}

export function dropDatabaseOfRun() {
  if (!E2E_DATABASE) return;
  execFileSync('psql', [
    E2E_DATABASE.serverUrl,
    '-q',
    '-c',
    `DROP DATABASE IF EXISTS ${E2E_DATABASE.name} WITH (FORCE)`,
  ]);
}
