import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { createLimiter } from './rate-limits';

const t = await createTestContext();

describe('per-address limits on the anonymous routes (429 + Retry-After)', () => {
  it.each([
    ['POST', '/api/public/contact', 10],
    ['POST', '/api/public/waitlist', 20],
    ['POST', '/api/booking/create-payment', 100],
    ['GET', '/api/public/availability?zip=78701', 300],
    ['POST', '/api/public/promo-codes/check', 60],
    ['POST', '/api/public/loyalty/send-code', 10],
    ['POST', '/api/public/loyalty/verify-code', 30],
  ] as const)('%s %s allows %i requests an address, then refuses', async (method, path, max) => {
    const ip = `198.51.100.${max % 250}`;
    const send = (from: string) =>
      t.request(path, { method, ip: from, json: method === 'POST' ? {} : undefined });
    for (let i = 0; i < max; i++) expect((await send(ip)).status).not.toBe(429);
    const refused = await send(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.message).toMatch(/^Too many requests from your address/);
    expect((await send('203.0.113.7')).status).not.toBe(429);
  });

  it("counts in the database, so a second instance sees the first one's requests", async () => {
    const limit = { method: 'POST' as const, path: '/x', max: 4, windowSeconds: 60, batch: 1 };
    const one = createLimiter(t.db, limit);
    const two = createLimiter(t.db, limit);
    const now = Date.now();
    expect(await one.hit('192.0.2.1', now)).toBeNull();
    expect(await one.hit('192.0.2.1', now)).toBeNull();
    expect(await two.hit('192.0.2.1', now)).toBeNull();
    expect(await two.hit('192.0.2.1', now)).toBeNull();
    expect(await one.hit('192.0.2.1', now)).toBeGreaterThan(0);
    // A new window starts from zero.
    expect(await two.hit('192.0.2.1', now + 60_000)).toBeNull();
  });

  it('a batched limit answers from memory, holds exactly on one instance, and shares its counts when it writes', async () => {
    const limit = { method: 'GET' as const, path: '/y', max: 20, windowSeconds: 60, batch: 10 };
    const one = createLimiter(t.db, limit);
    const two = createLimiter(t.db, limit);
    const now = Date.now();
    // One instance alone: the 21st request is refused whether or not its counts were written yet.
    for (let i = 0; i < 20; i++) expect(await one.hit('192.0.2.2', now)).toBeNull();
    expect(await one.hit('192.0.2.2', now)).toBeGreaterThan(0);
    await one.flush();
    // Another instance counts an address alone until it made `batch` requests there, then learns the shared count
    // with its write and refuses from then on.
    for (let i = 0; i < 10; i++) expect(await two.hit('192.0.2.2', now)).toBeNull();
    await two.flush();
    expect(await two.hit('192.0.2.2', now)).toBeGreaterThan(0);
    const [row] = (await t.db.execute(sql`select count from rate_limit where key = 'GET /y:192.0.2.2'`))
      .rows as { count: number }[];
    expect(Number(row?.count)).toBe(31);
  });

  it('on a database of its own (embedded PGlite) a batched limit holds exactly from memory and writes nothing', async () => {
    const limit = { method: 'GET' as const, path: '/alone', max: 20, windowSeconds: 60, batch: 10 };
    const alone = createLimiter(t.db, limit, { exclusiveDatabase: true });
    const now = Date.now();
    for (let i = 0; i < 20; i++) expect(alone.hitNow!('192.0.2.3', now)).toBeNull();
    expect(alone.hitNow!('192.0.2.3', now)).toBeGreaterThan(0);
    expect(alone.hitNow!('192.0.2.4', now)).toBeNull();
    // A new window starts the count again.
    expect(alone.hitNow!('192.0.2.3', now - (now % 60_000) + 60_000)).toBeNull();
    await alone.flush();
    const rows = (await t.db.execute(sql`select key from rate_limit where key like 'GET /alone:%'`)).rows;
    expect(rows).toHaveLength(0);
    // The same limit shared with other instances writes its counts.
    const shared = createLimiter(t.db, { ...limit, path: '/shared' });
    for (let i = 0; i < 10; i++) shared.hitNow!('192.0.2.3', now);
    await shared.flush();
    expect(
      (await t.db.execute(sql`select key from rate_limit where key like 'GET /shared:%'`)).rows,
    ).toHaveLength(1);
  });

  it('a batched limit writes every address past its batch in one statement, and keeps the others here', async () => {
    const limit = { method: 'GET' as const, path: '/z', max: 5, windowSeconds: 60, batch: 2 };
    const one = createLimiter(t.db, limit);
    const now = Date.now();
    for (let i = 0; i < 30; i++) for (let k = 0; k < 2; k++) await one.hit(`192.0.2.${i}`, now);
    await one.hit('198.51.100.99', now);
    await one.flush();
    const rows = (await t.db.execute(sql`select key, count from rate_limit where key like 'GET /z:%'`))
      .rows as { key: string; count: number }[];
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => Number(r.count) === 2)).toBe(true);
    expect(rows.some((r) => r.key.endsWith('198.51.100.99'))).toBe(false);
  });
});
