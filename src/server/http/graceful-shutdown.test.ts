import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { putMigratedPglite } from '../test/pglite-snapshot';
import { createLifecycle, readinessAnswer } from './lifecycle';

// The server as it runs (main.ts), spawned: SIGTERM while a request is in flight (decision 1231).
const ROOT = join(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const dataDir = mkdtempSync(join(tmpdir(), 'shineroute-shutdown-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown of the real server', () => {
  it('on SIGTERM stops being ready and taking connections, finishes the request in flight, then exits 0', async () => {
    // The server starts on the migrated database the suite made once (global-setup.ts), as a server restarted on its
    // data does, instead of making and migrating a new one: about half of this test's time went there.
    await putMigratedPglite(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...process.env };
    // The suite's own database variables are not this server's.
    delete env.DATABASE_URL;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        SHUTDOWN_TIMEOUT_SECONDS: '20',
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    await expect
      .poll(async () => (await fetch(`${base}/api/ready`).catch(() => null))?.status, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // A slow request: its headers and half its body now, the rest after SIGTERM.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = request(
        `${base}/api/auth/sign-in/email`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            origin: `http://127.0.0.1:${port}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      // The rest goes once the server has started draining.
      void (async () => {
        await expect.poll(() => output.includes('shutdown started'), { timeout: 10_000 }).toBe(true);
        // New connections are refused while the request is still in flight.
        await expect
          .poll(
            async () =>
              await fetch(`${base}/api/health`).then(
                () => 'answered',
                () => 'refused',
              ),
            {
              timeout: 10_000,
            },
          )
          .toBe('refused');
        req.end(body.slice(10));
      })().catch(reject);
    });
    // SIGTERM once the server has the request (its debug line says so).
    await expect
      .poll(() => /"path":"\/api\/auth\/sign-in\/email","msg":"request started"/.test(output), {
        timeout: 10_000,
      })
      .toBe(true);
    child.kill('SIGTERM');

    const result = await answered;
    expect(result.status).toBe(401); // the app's real answer to a wrong password, not a dropped connection
    expect(result.connection).toBe('close');
    expect(await exited).toBe(0);
    expect(output).toContain('shutdown complete');
  }, 150_000);
});

describe('GET /api/ready', () => {
  it('is 200 while the database answers, 503 when it does not, and 503 once draining', async () => {
    const lifecycle = createLifecycle();
    let databaseUp = true;
    const ready = readinessAnswer(lifecycle, async () => {
      if (!databaseUp) throw new Error('down');
    });
    const server = createServer((req, res) => {
      if (!ready(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ready`;
    try {
      expect((await fetch(url)).status).toBe(200);
      databaseUp = false;
      const down = await fetch(url);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ ready: false, reason: 'database unreachable' });
      databaseUp = true;
      lifecycle.draining = true;
      const draining = await fetch(url);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ ready: false, reason: 'shutting down' });
    } finally {
      server.close();
    }
  });
});
