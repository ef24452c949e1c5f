import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS } from '../../shared/platform-settings';
import { VERIFICATION_TEXT } from '../../shared/verification';
import { nodeAnswers } from '../app';
import { createTestContext, TEST_ORIGIN } from '../test/harness';
import { appRoutes, fillPath } from '../test/routes';
import { populateTenant, tenantIds } from '../test/tenants';
import { BODY_TOO_LARGE_MESSAGE, MAX_BODY_BYTES } from './body-limits';
import { MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE, UNPAIRED_SURROGATE_MESSAGE } from './input-guards';
import { createAppServer, nodeListener } from './node-listener';

const t = await createTestContext();

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('deeply nested JSON is a 400 before any route (it overflowed the stack: 500 on every route)', () => {
  const routes: Array<[string, string]> = [
    ['POST', '/api/auth/sign-in/email'],
    ['POST', '/api/webhooks/stripe'],
    ['POST', '/quote/x/accept'],
    ['POST', '/api/public/contact'],
    ['POST', '/api/booking/create-payment'],
    ['PUT', '/api/admin/settings'],
  ];
  it.each(routes)('%s %s: a 50,000-deep array and a 20,000-deep object', async (method, path) => {
    for (const body of [
      deepArray(50_000),
      deepObject(20_000),
      `{"email":"a@b.co","password":${deepArray(MAX_JSON_DEPTH + 1)}}`,
    ]) {
      const res = await t.request(path, { method, body, headers: { 'content-type': 'application/json' } });
      expect(res.status, path).toBe(400);
      expect((await res.json()).error.message).toBe(TOO_DEEP_MESSAGE);
    }
  });

  it(`${MAX_JSON_DEPTH} levels pass the guard to the route (its own validation answers)`, async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/services', {
      method: 'POST',
      cookie: owner.cookie,
      body: deepArray(MAX_JSON_DEPTH),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).not.toBe(TOO_DEEP_MESSAGE);
  });
});

describe('an unpaired surrogate is a 400 at the input guard (the audit insert answered 500)', () => {
  it('in admin settings and a verification rejection reason, a key, a query and a path', async () => {
    const admin = await t.createAdmin();
    const owner = await t.signUp();
    const cases = [
      t.request('/api/admin/settings', {
        method: 'PUT',
        cookie: admin.cookie,
        json: { ...DEFAULT_PLATFORM_SETTINGS, bannerText: 'Sale \ud800' },
      }),
      t.request(`/api/admin/verifications/${owner.userId}/reject`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { reason: 'Blurry \udc00 photo' },
      }),
      t.request('/api/public/waitlist', { method: 'POST', json: { 'zip\udbff': '78701' } }),
      t.request('/api/public/contact', {
        method: 'POST',
        body: '{"firstName":"\\ud83d"}',
        headers: { 'content-type': 'application/json' },
      }),
      t.request('/api/customers?q=%ED%A0%80', { cookie: owner.cookie }),
      t.request('/api/services/%ed%b0%80', { cookie: owner.cookie }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status, res.url).toBe(400);
      expect((await res.json()).error.message).toBe(UNPAIRED_SURROGATE_MESSAGE);
    }
    const settings = await (await t.request('/api/admin/settings', { cookie: admin.cookie })).json();
    expect(settings.settings.bannerText).not.toContain('\ud800');
  });

  it('a paired surrogate (an emoji) and a NUL keep their answers', async () => {
    const admin = await t.createAdmin();
    const saved = await t.request('/api/admin/settings', {
      method: 'PUT',
      cookie: admin.cookie,
      json: { ...DEFAULT_PLATFORM_SETTINGS, bannerText: 'Shine \ud83d\ude97' },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).bannerText ?? DEFAULT_PLATFORM_SETTINGS.bannerText).toBeTruthy();
    const nul = await t.request('/api/public/waitlist', { method: 'POST', json: { zip: '787\u000001' } });
    expect((await nul.json()).error.message).toBe(NUL_MESSAGE);
  });
});

describe('every signed-in answer carries Cache-Control: no-store', () => {
  it('on every GET route of the router, the session and a write', async () => {
    const owner = await t.signUp();
    await populateTenant(t.db, owner.userId, 'Cacheowner');
    const [id] = await tenantIds(t.db, owner.userId);
    const doc = await (await t.request('/api/openapi.json')).json();
    const gets = appRoutes(t.app, doc).filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/') && !r.path.startsWith('/api/public'),
    );
    expect(gets.length).toBeGreaterThan(40);
    let signedIn = 0;
    for (const route of gets) {
      const path = fillPath(route, () => id!);
      // A route that answers 401 signed out is a signed-in route.
      if ((await t.request(path)).status !== 401) continue;
      const res = await t.request(path, { cookie: owner.cookie });
      // An owner's answers (JSON, and a CSV export), and also the 403 of an admin route and the 404 of an id of another kind.
      signedIn++;
      expect(res.headers.get('cache-control') ?? '', `${route.path} → ${res.status}`).toContain('no-store');
    }
    expect(signedIn).toBeGreaterThan(40);
    const session = await t.request('/api/auth/get-session', { cookie: owner.cookie });
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toContain('no-store');
    const created = await t.request('/api/services', {
      method: 'POST',
      cookie: owner.cookie,
      json: { name: 'Wax', basePriceCents: 5000, durationMinutes: 60 },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toContain('no-store');
  });
});

describe('bodies over the limit on the HTTP server: 413, and the keep-alive connection carries the next request', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = createAppServer(nodeListener(nodeAnswers(t.deps), (request, env) => t.app.fetch(request, env)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  interface Sent {
    status: number;
    body: string;
    connection: string | undefined;
    socket: unknown;
  }
  /** One request on the agent's connection; `chunked` sends the body without a Content-Length. */
  function send(
    agent: http.Agent,
    method: string,
    path: string,
    opts: { body?: Buffer; type?: string; chunked?: boolean; declared?: number } = {},
  ) {
    return new Promise<Sent>((resolve, reject) => {
      const headers: Record<string, string> = { origin: TEST_ORIGIN };
      if (opts.type) headers['content-type'] = opts.type;
      if (opts.body && !opts.chunked) headers['content-length'] = String(opts.declared ?? opts.body.length);
      const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body, connection: res.headers.connection, socket: req.socket }),
        );
      });
      // A connection the server closes after a refused, declared-huge body may cut the upload short.
      req.on('error', (err) => (opts.declared ? undefined : reject(err)));
      if (opts.body) {
        if (opts.chunked)
          for (let i = 0; i < opts.body.length; i += 64 * 1024)
            req.write(opts.body.subarray(i, i + 64 * 1024));
        else req.write(opts.body);
      }
      req.end();
    });
  }

  const big = Buffer.alloc(2 * MAX_BODY_BYTES, 'a');
  it.each([
    ['a JSON body with its length', '/api/public/contact', 'application/json', false],
    ['a JSON body sent chunked', '/api/public/contact', 'application/json', true],
    ['a form post to a quote page', '/quote/x/accept', 'application/x-www-form-urlencoded', false],
    ['a multipart form', '/api/public/contact', 'multipart/form-data; boundary=x', false],
    ['a sign-in', '/api/auth/sign-in/email', 'application/json', true],
  ])(
    '%s: 10 pairs, every second request answered on the same connection',
    async (_label, path, type, chunked) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < 10; i++) {
          const refused = await send(agent, 'POST', path, { body: big, type, chunked });
          expect(refused.status).toBe(413);
          expect(JSON.parse(refused.body)).toEqual({ error: { message: BODY_TOO_LARGE_MESSAGE } });
          const next = await send(agent, 'GET', '/api/public/settings');
          expect(next.status).toBe(200);
          expect(next.socket).toBe(refused.socket);
        }
      } finally {
        agent.destroy();
      }
    },
  );

  it('a body within the limit reaches the route; an upload has its own 10MB limit and message', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const within = await send(agent, 'POST', '/api/public/contact', {
        body: Buffer.from(JSON.stringify({ message: 'x'.repeat(MAX_BODY_BYTES - 100) })),
        type: 'application/json',
      });
      expect(within.status).toBe(400);
      expect(within.body).not.toContain(BODY_TOO_LARGE_MESSAGE);
      const upload = await send(agent, 'POST', '/api/verification/documents', {
        body: Buffer.alloc(11 * 1024 * 1024),
        type: 'multipart/form-data; boundary=x',
      });
      expect(upload.status).toBe(413);
      expect(JSON.parse(upload.body).error.message).toBe(VERIFICATION_TEXT.tooLarge);
      expect((await send(agent, 'GET', '/api/public/settings')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('a body declared far larger is refused at once and the connection closed; the next request gets a new one', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, 'POST', '/api/public/contact', {
        body: Buffer.alloc(1024),
        type: 'application/json',
        declared: 200 * 1024 * 1024,
      });
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe('close');
      expect((await send(agent, 'GET', '/api/public/settings')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
