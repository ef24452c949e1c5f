import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_KEYS_TEXT } from '../../../shared/api-keys';
import { createApp } from '../../app';
import { createCustomer } from '../../db/factories';
import { apiKeys } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();
t.deps.apiRateLimit = { max: 5, windowSeconds: 300 };

type Owner = Awaited<ReturnType<typeof t.signUp>>;
const createKey = async (owner: Owner, scopes: string[] = ['read', 'write'], name = 'Zapier') => {
  const res = await t.request('/api/api-keys', {
    method: 'POST',
    cookie: owner.cookie,
    json: { name, scopes },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; key: string; prefix: string; scopes: string[] };
};
const v1 = (path: string, key: string | undefined, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: key ? { authorization: `Bearer ${key}` } : {} });

// A fresh limit per test would need fresh keys: most tests make their own key and stay under 5 requests.
describe('API keys (Elite)', () => {
  it('are created with a name and scopes, shown once, stored only as a hash, listed by prefix', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const created = await createKey(owner, ['read']);
    expect(created.key).toMatch(/^sr_live_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created.scopes).toEqual(['read']);

    const list = await (await t.request('/api/api-keys', { cookie: owner.cookie })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: created.id,
      prefix: created.prefix,
      name: 'Zapier',
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);

    // The database never holds a usable key: no column of the row holds it, or its secret part.
    const secret = created.key.slice(created.prefix.length + 1);
    const rows = await t.db.execute(
      sql`select row_to_json(k)::text as row from api_keys k where id = ${created.id}`,
    );
    const stored = (rows as unknown as { rows: { row: string }[] }).rows[0]!.row;
    expect(stored).not.toContain(secret);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    // The stored hash itself is not a key: sent as one it is refused.
    expect((await v1('/customers', row!.keyHash)).status).toBe(401);
    expect((await v1('/customers', `${created.prefix}_${row!.keyHash}`)).status).toBe(401);

    // Using the key notes when it was last used.
    expect((await v1('/customers', created.key)).status).toBe(200);
    const after = await (await t.request('/api/api-keys', { cookie: owner.cookie })).json();
    expect(after.items[0].lastUsedAt).not.toBeNull();
  });

  it('need the Elite plan (402) and the owner; a name and a scope are required', async () => {
    const pro = await t.signUp({ plan: 'pro' });
    const res = await t.request('/api/api-keys', {
      method: 'POST',
      cookie: pro.cookie,
      json: { name: 'x', scopes: ['read'] },
    });
    expect(res.status).toBe(402);
    expect((await res.json()).error.message).toBe(
      'API access is part of the Elite plan. Upgrade on the Billing page to use it.',
    );

    const elite = await t.signUp({ plan: 'elite' });
    const bad = await t.request('/api/api-keys', {
      method: 'POST',
      cookie: elite.cookie,
      json: { name: ' ', scopes: [] },
    });
    expect(bad.status).toBe(400);
    expect((await t.request('/api/api-keys')).status).toBe(401);
  });

  it('a key of a business that left Elite answers 402 with a code', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const { key } = await createKey(owner);
    await t.db.execute(sql`update profiles set subscription_tier = 'pro' where id = ${owner.userId}`);
    const res = await v1('/customers', key);
    expect(res.status).toBe(402);
    expect((await res.json()).error.code).toBe('plan_required');
  });

  it('revocation is effective at once', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const { id, key } = await createKey(owner);
    expect((await v1('/services', key)).status).toBe(200);
    const revoked = await t.request(`/api/api-keys/${id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(revoked.status).toBe(204);
    const res = await v1('/services', key);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { message: API_KEYS_TEXT.invalid, code: 'invalid_api_key' } });
    const list = await (await t.request('/api/api-keys', { cookie: owner.cookie })).json();
    expect(list.items).toHaveLength(0);
    // Another business cannot revoke it (404).
    const other = await t.signUp({ plan: 'elite' });
    const second = await createKey(owner);
    expect(
      (await t.request(`/api/api-keys/${second.id}`, { method: 'DELETE', cookie: other.cookie })).status,
    ).toBe(404);
    expect((await v1('/services', second.key)).status).toBe(200);
  });
});

describe('the public API /api/v1', () => {
  it('missing, malformed or wrong keys answer 401 in the one error shape with a code', async () => {
    const none = await v1('/customers', undefined);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await none.json()).error).toEqual({ message: API_KEYS_TEXT.missing, code: 'missing_api_key' });
    const wrong = await v1('/customers', `sr_live_abcdefgh_${'x'.repeat(43)}`);
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('invalid_api_key');
    // A session cookie is no key.
    const owner = await t.signUp({ plan: 'elite' });
    expect((await t.request('/api/v1/customers', { cookie: owner.cookie })).status).toBe(401);
  });

  it('a read key reads; writing with it is 403; a write key creates and updates customers', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const read = await createKey(owner, ['read']);
    const write = await createKey(owner, ['read', 'write']);
    const body = { firstName: 'Ana', lastName: 'Lopez', email: 'ana@example.com' };
    const refused = await v1('/customers', read.key, { method: 'POST', json: body });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({
      message: API_KEYS_TEXT.readOnly,
      code: 'insufficient_scope',
    });

    const created = await v1('/customers', write.key, { method: 'POST', json: body });
    expect(created.status).toBe(201);
    const customer = await created.json();
    expect(customer).toMatchObject({ firstName: 'Ana', email: 'ana@example.com' });
    expect(customer).not.toHaveProperty('vehicleCount');
    const patched = await v1(`/customers/${customer.id}`, write.key, {
      method: 'PATCH',
      json: { phone: '512-555-0101' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ firstName: 'Ana', phone: '512-555-0101' });
    const got = await v1(`/customers/${customer.id}`, read.key);
    expect((await got.json()).phone).toBe('512-555-0101');

    const invalid = await v1('/customers', write.key, { method: 'POST', json: { firstName: 'x' } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.code).toBe('invalid_request');
    const duplicate = await v1('/customers', write.key, { method: 'POST', json: body });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error.code).toBe('conflict');
  });

  it('lists page with a cursor in { items, nextCursor }; another business’s rows are never listed', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const other = await t.signUp({ plan: 'elite' });
    for (let i = 0; i < 3; i++)
      await createCustomer(t.db, owner.userId, {
        firstName: `Own${i}`,
        lastName: 'C',
        email: `own${i}@example.com`,
      });
    await createCustomer(t.db, other.userId, {
      firstName: 'Foreign',
      lastName: 'C',
      email: 'foreign@example.com',
    });
    const { key } = await createKey(owner, ['read']);
    const first = await (await v1('/customers?limit=2', key)).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await (await v1(`/customers?limit=2&cursor=${first.nextCursor}`, key)).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const names = [...first.items, ...second.items].map((c: { firstName: string }) => c.firstName).sort();
    expect(names).toEqual(['Own0', 'Own1', 'Own2']);
    const bad = await v1('/customers?cursor=nonsense', key);
    expect(bad.status).toBe(400);
  });

  it('each key has its limit, counted in the database, with RateLimit headers and a 429', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const { key, id } = await createKey(owner, ['read']);
    const other = await createKey(owner, ['read']);
    for (let i = 1; i <= 5; i++) {
      const res = await v1('/services', key);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"per-key";q=5;w=300');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${5 - i};t=\\d+$`));
    }
    const over = await v1('/services', key);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await over.json()).error.code).toBe('rate_limited');
    // The count lives in the shared table (so every instance sees it), under the key's id.
    const rows = await t.db.execute(sql`select count from rate_limit where key = ${`api-key:${id}`}`);
    expect(Number((rows as unknown as { rows: { count: number }[] }).rows[0]!.count)).toBe(6);
    // Another key of the same business has its own count.
    expect((await v1('/services', other.key)).status).toBe(200);
  });

  it('the limit holds across instances: two apps on one database share each key’s count', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const { key } = await createKey(owner, ['read']);
    const instances = [t.app, createApp({ ...t.deps })];
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await instances[i % 2]!.request('/api/v1/services', {
        headers: { authorization: `Bearer ${key}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('unknown paths and malformed ids answer 404 with a code; the OpenAPI document names the key scheme', async () => {
    const owner = await t.signUp({ plan: 'elite' });
    const { key } = await createKey(owner, ['read']);
    const res = await v1('/nothing-here', key);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
    expect((await v1('/bookings/not-a-uuid', key)).status).toBe(404);

    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/customers'].get.security).toEqual([{ ApiKey: [] }]);
    // The web app's own routes keep their cookie (no security requirement added).
    expect(doc.paths['/api/customers'].get.security).toBeUndefined();
    const page = await t.request('/docs/api');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/v1/customers');
    expect(html).toContain('Authorization: Bearer');
    expect(html).not.toContain('<script');
  });
});
