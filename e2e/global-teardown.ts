import { execFileSync } from 'node:child_process';
import { E2E_DATABASE } from '../playwright.config';

/**
 * Drops the run's own PostgreSQL database (E2E_DATABASE_URL, decision 1363). It runs before Playwright stops the
 * server, so the server's connections are ended with it.
 */
export default function dropDatabaseOfRun() {
  if (!E2E_DATABASE) return;
  execFileSync('psql', [
    E2E_DATABASE.serverUrl,
    '-q',
    '-c',
    `DROP DATABASE IF EXISTS ${E2E_DATABASE.name} WITH (FORCE)`,
  ]);
}
