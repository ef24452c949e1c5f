import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeAnswers } from '../app';
import { zipCheckCounterOf } from '../features/analytics/zip-check-counter';
import { zipAreasOf } from '../features/public/zip-areas';
import { createTestContext } from '../test/harness';
import type { AppEnv } from './context';
import { createAppServer, nodeListener } from './node-listener';
import { ZIP_CHECK_LIMIT } from './rate-limits';
import { APP_CSP, secureResponses, securityHeaders } from './security-headers';

// The HTTP server as main.ts runs it (decisions 923, 924): /api/health and the zip check answered on the server when
// they can be, the rest by the app. Its answers must be the app's, byte for byte, headers included.
const t = await createTestContext({ jobs: 'memory' });
let server: Server;
let base = '';
let toApp = 0;

beforeAll(async () => {
  const listener = nodeListener(nodeAnswers(t.deps), (request, env) => {
    toApp++;
    return t.app.fetch(request, env);
  });
  server = createAppServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const SECURITY = Object.entries(securityHeaders(APP_CSP)).map(([k, v]) => [k.toLowerCase(), v] as const);
const expectSecurityHeaders = (res: Response) => {
  for (const [name, value] of SECURITY) expect(res.headers.get(name), name).toBe(value);
};
/** What the app answers itself (app.request: no Node server, no fast path). */
const viaApp = (path: string, ip = '127.0.0.1') => t.request(path, { ip });
const served = (zip: string) => `/api/public/availability?zip=${zip}`;

it("keeps an idle connection open longer than a proxy's 60 s idle limit, so the client closes first", () => {
  // Node's 5 s default raced clients that reuse a socket just as the server dropped it (ECONNRESET).
  expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
});

describe('the app served by Node carries its security headers', () => {
  it.each(['/api/health', '/api/no-such-route', '/api/public/availability?zip=abc', '/api/dashboard'])(
    '%s',
    async (path) => {
      const [res, direct] = await Promise.all([fetch(`${base}${path}`), viaApp(path)]);
      expect(res.status).toBe(direct.status);
      expectSecurityHeaders(res);
      expectSecurityHeaders(direct);
      expect(await res.text()).toBe(await direct.text());
    },
  );

  it.each([
    ['the app server (one flat header list)', createAppServer],
    ["a plain node:http server (Node's setHeader)", createServer],
  ])("an answer's own header wins over the default (a document's sandbox CSP): %s", async (_, create) => {
    const app = new Hono<AppEnv>();
    app.use('*', secureResponses);
    app.get('/doc', (c) =>
      c.body('x', 200, { 'Content-Security-Policy': 'sandbox', 'X-Frame-Options': 'SAMEORIGIN' }),
    );
    app.get('/streamed', (c) =>
      c.body(
        new ReadableStream({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('y'));
            stream.close();
          },
        }),
      ),
    );
    app.get('/cookies', (c) => {
      c.header('Set-Cookie', 'a=1; Path=/', { append: true });
      c.header('Set-Cookie', 'b=2; Path=/', { append: true });
      return c.text('ok');
    });
    const own = create(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(own.address() as AddressInfo).port}/doc`);
      const direct = await app.request('/doc');
      for (const r of [res, direct]) {
        expect(r.headers.get('content-security-policy')).toBe('sandbox');
        expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      }
      const streamed = await fetch(`http://127.0.0.1:${(own.address() as AddressInfo).port}/streamed`);
      expect(await streamed.text()).toBe('y');
      expectSecurityHeaders(streamed);
      const cookies = await fetch(`http://127.0.0.1:${(own.address() as AddressInfo).port}/cookies`);
      expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expectSecurityHeaders(cookies);
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  });
});

describe('GET /api/health answered on the HTTP server (decision 924)', () => {
  it("answers the exact probe without the app, with the app's body, Content-Type and headers", async () => {
    const before = toApp;
    const res = await fetch(`${base}/api/health`);
    expect(toApp).toBe(before);
    const direct = await viaApp('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    expect(res.headers.get('content-length')).toBe(String((await direct.clone().text()).length));
    expectSecurityHeaders(res);
    expect(await res.text()).toBe(await direct.text());
  });

  it('hands HEAD, a query and an unusual Host to the app, which answers as before', async () => {
    const before = toApp;
    const head = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectSecurityHeaders(head);
    const query = await fetch(`${base}/api/health?x=%00`);
    expect(query.status).toBe(400); // the app's input guard
    expectSecurityHeaders(query);
    const { request } = await import('node:http');
    const odd = await new Promise<number>((resolve, reject) =>
      request(`${base}/api/health`, { headers: { host: 'Example.COM' } }, (r) => {
        r.resume();
        resolve(r.statusCode!);
      })
        .on('error', reject)
        .end(),
    );
    expect(odd).toBe(200);
    expect(toApp - before).toBe(3);
  });
});

describe('GET /api/public/availability answered on the HTTP server (decision 923)', () => {
  it("answers a served and an unserved zip from memory with the app's body and headers", async () => {
    await viaApp(served('78701')); // loads the areas
    await zipCheckCounterOf(t.db).flush();
    await t.db.execute(sql`delete from zip_check_counts`);
    for (const zip of ['78701', '10001']) {
      const before = toApp;
      const res = await fetch(`${base}${served(zip)}`);
      expect(toApp).toBe(before);
      const direct = await viaApp(served(zip));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      expectSecurityHeaders(res);
      expect(await res.text()).toBe(await direct.text());
    }
    // Counted for the platform analytics like the app's answers (two here, two by the app).
    await zipCheckCounterOf(t.db).flush();
    const counts = (
      await t.db.execute<{ n: number }>(sql`select coalesce(sum(count), 0)::int as n from zip_check_counts`)
    ).rows[0]!;
    expect(Number(counts.n)).toBe(4);
  });

  it('hands every other form of the request to the app, which answers as before', async () => {
    const before = toApp;
    const cases: [string, RequestInit | undefined, number][] = [
      [served('7870'), undefined, 400],
      [`${served('78701')}&x=1`, undefined, 200],
      [`/api/public/availability?zip=%3778701`, undefined, 400],
      [served('78701'), { method: 'HEAD' }, 200],
      [served('78701'), { headers: { 'x-shineroute-client-ip': '1.2.3.4' } }, 200],
    ];
    for (const [path, init, status] of cases) {
      const res = await fetch(`${base}${path}`, init);
      expect(res.status, path).toBe(status);
      expectSecurityHeaders(res);
    }
    expect(toApp - before).toBe(cases.length);
    const invalid = await fetch(`${base}${served('7870')}`);
    expect(await invalid.json()).toEqual(await (await viaApp(served('7870'))).json());
  });

  it('waits for the app when the areas need a look at their counter, so a write shows at once', async () => {
    const owner = await t.signUp();
    const created = await t.request('/api/service-areas', {
      method: 'POST',
      cookie: owner.cookie,
      json: { zipCode: '78759', city: 'Austin', state: 'Texas' },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    await fetch(`${base}${served('78759')}`); // the areas are current again
    const on = await t.request(`/api/service-areas/${id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { isActive: true },
    });
    expect(on.status).toBe(200);
    expect(zipAreasOf(t.db).checkNow('78759')).toBeUndefined();
    const before = toApp;
    const res = await fetch(`${base}${served('78759')}`);
    expect(toApp).toBe(before + 1);
    expect((await res.json()).available).toBe(true);
    // The app's check refreshed the areas: the next one is answered on the server.
    await fetch(`${base}${served('78759')}`);
    expect(toApp).toBe(before + 1);
  });

  it("shares the app's per-address limit: its counts and the app's add up, and the 429 is the app's", async () => {
    // The test's server does not trust a proxy: the address is the socket's, 127.0.0.1, which viaApp passes too.
    const window = () => Math.floor(Date.now() / (ZIP_CHECK_LIMIT.windowSeconds * 1000));
    const startedIn = window();
    const half = ZIP_CHECK_LIMIT.max / 2;
    // The earlier tests counted some requests from 127.0.0.1 already in this window: fill up to the limit exactly.
    let admitted = 0;
    for (let i = 0; i < half; i++) if ((await fetch(`${base}${served('78701')}`)).status === 200) admitted++;
    for (;;) {
      const res = await viaApp(served('78701'));
      if (res.status === 429) break;
      admitted++;
    }
    expect(admitted).toBeGreaterThanOrEqual(half);
    // (Unless a new window began during the test, which starts the count again.)
    if (window() === startedIn) expect(admitted).toBeLessThanOrEqual(ZIP_CHECK_LIMIT.max);
    const refused = await fetch(`${base}${served('78701')}`);
    const direct = await viaApp(served('78701'));
    expect(refused.status).toBe(429);
    expect(direct.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expectSecurityHeaders(refused);
    expect(await refused.json()).toEqual(await direct.json());
    // Another address is not limited.
    expect((await viaApp(served('78701'), '203.0.113.9')).status).toBe(200);
  });
});
