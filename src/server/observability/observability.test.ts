import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeAnswers } from '../app';
import { openDatabase } from '../db/client';
import { createAppServer, nodeListener } from '../http/node-listener';
import { createJobQueue, queueStats } from '../jobs/queue';
import { createTestContext, TEST_ORIGIN } from '../test/harness';
import { createLogger } from './logger';
import { createMetrics } from './metrics';
import { observeRequests } from './observe-requests';
import { requestIdHeaders, runWithRequestId } from './request-context';

const TOKEN = 'metrics-token-0123456789';
const t = await createTestContext();
const lines: Array<Record<string, unknown>> = [];
const logger = createLogger({
  level: 'debug',
  destination: new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  }),
});
const metrics = createMetrics({
  queueStats: () => queueStats(t.handle),
  poolStats: () => t.handle.poolStats?.() ?? { total: 1, idle: 1, waiting: 0, max: 1 },
});
t.deps.metrics = metrics;
t.deps.metricsToken = TOKEN;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createAppServer(
    observeRequests(
      nodeListener(nodeAnswers(t.deps), (request, env) => t.app.fetch(request, env)),
      { logger, metrics },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { origin: TEST_ORIGIN, ...headers } });

describe('request ids and JSON logs', () => {
  it('answers with the X-Request-Id a client sent and logs the request under it with its route pattern', async () => {
    const owner = await t.signUp();
    const res = await get('/api/customers/00000000-0000-4000-8000-000000000000', {
      'x-request-id': 'lb-abc.123',
      cookie: owner.cookie,
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('lb-abc.123');
    await expect.poll(() => lines.find((l) => l.reqId === 'lb-abc.123' && l.msg === 'request')).toBeTruthy();
    const line = lines.find((l) => l.reqId === 'lb-abc.123' && l.msg === 'request')!;
    expect(line).toMatchObject({ method: 'GET', route: '/api/customers/:id', msg: 'request' });
    expect(typeof line.ms).toBe('number');
  });

  it('makes up an id when none or a malformed one is sent', async () => {
    const plain = await get('/api/public/settings');
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await get('/api/public/settings', { 'x-request-id': 'bad id\twith spaces' });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not log load balancer health probes, but counts them', async () => {
    const res = await get('/api/health', { 'x-request-id': 'probe-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('probe-1');
    expect(lines.find((l) => l.reqId === 'probe-1' && l.msg === 'request')).toBeUndefined();
  });

  it('gives outgoing provider calls the request id', () => {
    expect(requestIdHeaders()).toEqual({});
    runWithRequestId('req-42', () => expect(requestIdHeaders()).toEqual({ 'X-Request-Id': 'req-42' }));
  });
});

describe('/metrics', () => {
  it('is a 404 without a configured token and a 401 without the right one', async () => {
    t.deps.metricsToken = undefined;
    expect((await get('/metrics')).status).toBe(404);
    t.deps.metricsToken = TOKEN;
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-0000000000' })).status).toBe(401);
  });

  it('serves request rate, latency by route pattern, errors, queue depth and age, and the pool', async () => {
    await get('/api/customers/00000000-0000-4000-8000-000000000001');
    const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/customers\/:id",status="404"\} \d+/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/customers\/:id"\}/,
    );
    expect(text).toContain('http_request_errors_total');
    expect(text).toContain('job_queue_depth');
    expect(text).toContain('job_queue_oldest_waiting_seconds');
    expect(text).toMatch(/db_pool_connections\{state="max"\} \d+/);
    // No raw ids in labels: the customer ids above appear nowhere.
    expect(text).not.toContain('00000000-0000-4000-8000');
  });
});

describe('jobs carry the request id of the request that sent them', () => {
  it('runs the handler under that id and hands it the data without it', async () => {
    const queue = await createJobQueue(t.handle, { pollingIntervalSeconds: 0.5, logger });
    afterAll(() => queue.stop());
    const seen: Array<{ data: object; headers: Record<string, string> }> = [];
    await queue.work<{ n: number }>('request-id-test', async (data) => {
      seen.push({ data, headers: requestIdHeaders() });
    });
    await runWithRequestId('req-from-http', () => queue.send('request-id-test', { n: 1 }));
    await queue.send('request-id-test', { n: 2 });
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(2);
    const byN = Object.fromEntries(seen.map((s) => [(s.data as { n: number }).n, s]));
    expect(byN[1]!.data).toEqual({ n: 1 });
    expect(byN[1]!.headers).toEqual({ 'X-Request-Id': 'req-from-http' });
    expect(byN[2]!.headers['X-Request-Id']).toMatch(/^job-/);
    const stats = await queueStats(t.handle);
    expect(stats.every((s) => s.waiting >= 0 && s.oldestWaitingSeconds >= 0)).toBe(true);
  });
});

describe('the slow-query threshold', () => {
  it('times every query the database runs', async () => {
    const timed: Array<{ ms: number; text: string }> = [];
    const url = process.env.DATABASE_URL;
    const handle = await openDatabase(
      url
        ? { databaseUrl: url, onQuery: (ms, text) => timed.push({ ms, text }) }
        : { dataDir: 'memory://', onQuery: (ms, text) => timed.push({ ms, text }) },
    );
    try {
      await handle.query('select pg_sleep(0.06)', []);
      await handle.query('select $1::int as n', [1]);
    } finally {
      await handle.close();
    }
    const sleep = timed.find((q) => q.text.includes('pg_sleep'));
    expect(sleep!.ms).toBeGreaterThanOrEqual(50);
    expect(timed.some((q) => q.text.includes('$1::int'))).toBe(true);
  });
});
