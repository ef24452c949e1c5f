import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { bookableBusiness, bookingForm } from '../features/bookings/book/booking.fixtures';
import { createTestContext, nextIp, sessionCookie, TEST_ORIGIN } from '../test/harness';
import { NUL_MESSAGE } from './input-guards';
import { EMPTY_UPDATE_MESSAGE } from './openapi';
import { trustedOrigins } from './trusted-origins';

const t = await createTestContext();

/** A request with exactly these headers (the harness would set Origin to the app's own). */
function raw(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', nextIp());
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return t.app.request(path, { ...init, headers, body });
}

const account = () => ({
  email: `owner-${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'correct-horse-battery',
  name: 'Test Owner',
  firstName: 'Test',
  lastName: 'Owner',
});

describe('1. loopback origins', () => {
  it('a loopback PUBLIC_URL trusts localhost, 127.0.0.1 and [::1] on its port; any other URL only itself', () => {
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(trustedOrigins('http://127.0.0.1:4201/')).toContain('http://localhost:4201');
    expect(trustedOrigins('https://shine.example.com')).toEqual(['https://shine.example.com']);
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000'])('signs up and in from %s', async (origin) => {
    const a = account();
    const up = await raw('/api/auth/sign-up/email', { method: 'POST', headers: { origin }, json: a });
    expect(up.status, await up.clone().text()).toBe(200);
    const inRes = await raw('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin },
      json: { email: a.email, password: a.password },
    });
    expect(inRes.status).toBe(200);
  });

  it('another address is refused with a message that names the address to use', async () => {
    const res = await raw('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'http://192.168.1.5:3000' },
      json: { email: 'a@b.c', password: 'x' },
    });
    expect(res.status).toBe(403);
    const { error } = await res.json();
    expect(error.message).toContain('http://192.168.1.5:3000');
    expect(error.message).toContain(TEST_ORIGIN);
  });
});

describe('2. NUL bytes are a 400 everywhere, anonymous routes included', () => {
  it('in a JSON string of the contact form', async () => {
    const res = await t.request('/api/public/contact', {
      method: 'POST',
      json: {
        firstName: 'a',
        lastName: 'b\u0000',
        email: 'a@example.com',
        subject: 'Hi',
        message: 'Hello there, a question.',
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(NUL_MESSAGE);
  });

  it('in create-payment, a JSON key, a path, a query and a test checkout id', async () => {
    const owner = await t.signUp();
    await bookableBusiness(t.db, owner.userId);
    const cases = [
      t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({ businessId: owner.userId, name: 'Jo\u0000' }),
      }),
      t.request('/api/public/waitlist', { method: 'POST', json: { 'zip\u0000': '78701' } }),
      t.request('/checkout/test/%00'),
      t.request('/checkout/test/%00/pay', { method: 'POST' }),
      t.request('/api/services/%00', { cookie: owner.cookie }),
      t.request('/api/customers?q=%00', { cookie: owner.cookie }),
      t.request(`/api/booking/options?business=${owner.userId}&zip=787%0001`),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status, res.url).toBe(400);
      expect((await res.json()).error.message).toBe(NUL_MESSAGE);
    }
  });

  it('in an upload file name or form field', async () => {
    const owner = await t.signUp();
    const upload = (documentType: string, fileName: string) => {
      const form = new FormData();
      form.set('documentType', documentType);
      form.set(
        'file',
        new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], fileName, { type: 'application/pdf' }),
      );
      return t.request('/api/verification/documents', { method: 'POST', cookie: owner.cookie, body: form });
    };
    for (const res of [
      await upload('insurance', 'policy\u0000.pdf'),
      await upload('insurance\u0000', 'policy.pdf'),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(NUL_MESSAGE);
    }
    const urlencoded = await t.request('/checkout/test/x/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=%00',
    });
    expect(urlencoded.status).toBe(400);
  });
});

describe('3. an empty PATCH or PUT is a 400 on every such route', () => {
  it('on each PATCH/PUT of the OpenAPI document', async () => {
    // Elite: every route answers for its body, not for the plan (a location's edit is Elite's, decision 1280).
    const owner = await t.signUp({ plan: 'elite' });
    // Admin routes answer 403 to an owner before reading the body: an admin calls them.
    const admin = await t.createAdmin();
    const doc = await (await t.request('/api/openapi.json')).json();
    const updates: Array<[string, string]> = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops))
        if (method === 'patch' || method === 'put') updates.push([method.toUpperCase(), path]);
    }
    expect(updates.length).toBeGreaterThan(5);
    for (const [method, path] of updates) {
      // The public API takes keys, not sessions: api-keys.test.ts checks its bodies with a key.
      if (path.startsWith('/api/v1/')) continue;
      const url = path.replace(/\{[^}]+\}/g, crypto.randomUUID());
      const cookie = path.startsWith('/api/admin/') ? admin.cookie : owner.cookie;
      const res = await t.request(url, { method, cookie, json: {} });
      // An all-optional PATCH says "Nothing to update", others name their missing field; a body with defaults only
      // may reach the record lookup (404 for this unknown id). Never a 500.
      expect([400, 404], `${method} ${path}`).toContain(res.status);
      expect((await res.json()).error.message).toBeTruthy();
    }
  });

  it('PATCH /api/services/{id} with {} no longer answers 500', async () => {
    const owner = await t.signUp();
    const [service] = await bookableBusiness(t.db, owner.userId);
    const res = await t.request(`/api/services/${service!.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: {},
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(EMPTY_UPDATE_MESSAGE);
    const undefinedOnly = await t.request(`/api/services/${service!.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { name: undefined },
    });
    expect(undefinedOnly.status).toBe(400);
    // Signed out is still 401 first.
    expect((await t.request(`/api/services/${service!.id}`, { method: 'PATCH', json: {} })).status).toBe(401);
  });
});

describe('4. dates are real calendar dates', () => {
  it.each(['2026-99-01', '2027-02-30', '2026-13-01', '2026-00-10'])(
    'create-payment refuses %s',
    async (date) => {
      const owner = await t.signUp();
      await bookableBusiness(t.db, owner.userId);
      const res = await t.request('/api/booking/create-payment', {
        method: 'POST',
        json: bookingForm({ businessId: owner.userId, date }),
      });
      expect(res.status).toBe(400);
      const slots = await t.request(`/api/booking/slots?business=${owner.userId}&serviceId=x&date=${date}`);
      expect(slots.status).toBe(400);
    },
  );
});

describe('6. a password change or reset signs the other devices out', () => {
  it('change-password revokes the other sessions even when the client asks not to', async () => {
    const owner = await t.signUp();
    const other = await t.signIn(owner.email, owner.password);
    expect((await t.request('/api/me/role', { cookie: other.cookie })).status).toBe(200);
    const res = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie: owner.cookie,
      json: {
        currentPassword: owner.password,
        newPassword: 'another-horse-battery',
        revokeOtherSessions: false,
      },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/me/role', { cookie: other.cookie })).status).toBe(401);
    // The device that changed it stays signed in on its fresh session.
    expect((await t.request('/api/me/role', { cookie: sessionCookie(res) })).status).toBe(200);
  });

  it('reset-password revokes every session', async () => {
    const owner = await t.signUp();
    const asked = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: owner.email, redirectTo: '/auth' },
    });
    expect(asked.status).toBe(200);
    const [mail] = await t.emailsTo(owner.email);
    const token = /reset-password\/([^?\s]+)/.exec(mail!.body)?.[1];
    expect(token).toBeTruthy();
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'another-horse-battery' },
    });
    expect(reset.status).toBe(200);
    expect((await t.request('/api/me/role', { cookie: owner.cookie })).status).toBe(401);
  });
});

describe('11. cookie-authenticated writes must come from our own origin', () => {
  it('a cross-origin form POST with the session cookie is refused; a same-origin one passes', async () => {
    const owner = await t.signUp();
    const json = { name: 'Wax', basePriceCents: 5000, durationMinutes: 60 };
    const cross = await raw('/api/services', {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      json,
    });
    expect(cross.status).toBe(403);
    const fetchMeta = await raw('/api/services', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' },
      json,
    });
    expect(fetchMeta.status).toBe(403);
    const nullOrigin = await raw('/api/services', {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: 'null' },
      json,
    });
    expect(nullOrigin.status).toBe(403);
    const same = await raw('/api/services', {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
      json,
    });
    expect(same.status).toBe(201);
  });
});

describe('12. one Content-Security-Policy for the HTML the app serves', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'shineroute-dist-'));
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  const expectStrictCsp = (res: Response) => {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc =
      csp.split(';').find((d) => d.trim().startsWith('script-src')) ??
      csp.split(';').find((d) => d.trim().startsWith('default-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  };

  it('on the web app and the test checkout page', async () => {
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>x</title>');
    const app = createApp({ ...t.deps, webDistDir: distDir });
    const home = await app.request('/');
    expect(home.headers.get('content-type')).toContain('text/html');
    expectStrictCsp(home);
    expectStrictCsp(await t.request('/checkout/test/cs_test_unknown'));
    expectStrictCsp(await t.request('/api/health'));
  });

  it('on the SEO pages, which need no script at all', async () => {
    const res = await t.request('/seo/no-such-page');
    expectStrictCsp(res);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
