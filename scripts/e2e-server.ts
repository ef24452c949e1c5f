// Starts Playwright's web server ahead of Playwright itself, with the very command and environment playwright.config.ts
// gives it. CI runs it in the background during the PostgreSQL step, waits for its health URL, and then runs
// Playwright with E2E_SERVER_STARTED=1, so the server's start (a fresh database, migrations, the demo seed) is not at
// the head of the Playwright step (decision 1370). Runs until the server exits; SIGTERM stops the server with it. The
// run's database (E2E_DATABASE_URL) is this process's to drop, once its server has exited: Playwright's teardown leaves
// it alone when E2E_SERVER_STARTED=1, instead of dropping it from under a server that still runs.
//
//   node --import tsx scripts/e2e-server.ts > log 2>&1 &
import { spawn } from 'node:child_process';
import { delimiter, resolve } from 'node:path';
import { dropDatabaseOfRun } from '../e2e/global-teardown';
import config from '../playwright.config';

const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
if (!server?.command || !server.url)
  throw new Error('playwright.config.ts has no webServer with a command and a url');

// A process group of its own: the command is a shell line, and a signal must reach the server the shell started.
const child = spawn(server.command, {
  shell: true,
  detached: true,
  stdio: 'inherit',
  // As under `npm run` or Playwright: the command names the project's binaries (tsx) bare.
  env: {
    ...process.env,
    ...server.env,
    PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
  },
});
child.once('exit', (code, signal) => {
  try {
    dropDatabaseOfRun();
  } catch (err) {
    console.error("could not drop the run's database", err);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    if (child.pid) process.kill(-child.pid, signal);
  });
