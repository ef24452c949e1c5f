import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { customers, inventoryItems, quotes, services } from '../db/schema';
import { createTestContext } from '../test/harness';
import { encodeCursor } from './lists';

// The one list shape on the owner lists that grow: first page, cursor follow-through (no duplicates, no gaps,
// even where many rows share one created_at), server search with LIKE wildcards taken literally, 400 on a bad
// cursor or limit, never another business's rows, 401 signed out.

const t = await createTestContext();

interface Row {
  id: string;
}
interface ListCase {
  path: string;
  /** Inserts n rows for the business in one statement (one shared created_at: the id tiebreak decides). */
  seed: (businessId: string, n: number, prefix: string) => Promise<void>;
  /** A row whose searchable text holds `needle`. */
  seedNamed: (businessId: string, needle: string) => Promise<void>;
}

/** A quote row (the list's search is on the customer's name); odd ones a microsecond apart, as above. */
const quoteRow = (businessId: string, customerName: string, i: number) =>
  ({
    businessId,
    customerName,
    customerEmail: `q${i}@example.com`,
    items: [],
    subtotalCents: 0,
    taxRateBps: 0,
    taxCents: 0,
    totalCents: 0,
    publicToken: randomUUID(),
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
    ...(i % 2 ? { createdAt: sql`now() - ${i} * interval '1 microsecond'` } : {}),
  }) as typeof quotes.$inferInsert;

const cases: Record<string, ListCase> = {
  customers: {
    path: '/api/customers',
    seed: async (businessId, n, prefix) => {
      await t.db.insert(customers).values(
        Array.from({ length: n }, (_, i) => ({
          businessId,
          firstName: `${prefix}${i}`,
          lastName: 'Row',
          email: `${prefix}${i}@example.com`,
          // Half share one timestamp, half are a microsecond apart: both orders must page exactly.
          ...(i % 2 ? { createdAt: sql`now() - ${i} * interval '1 microsecond'` } : {}),
        })) as (typeof customers.$inferInsert)[],
      );
    },
    seedNamed: async (businessId, needle) => {
      await t.db.insert(customers).values({ businessId, firstName: needle, lastName: 'Match', email: `m${Date.now()}@example.com` });
    },
  },
  services: {
    path: '/api/services',
    seed: async (businessId, n, prefix) => {
      await t.db.insert(services).values(
        Array.from({ length: n }, (_, i) => ({
          businessId,
          name: `${prefix}${i}`,
          basePriceCents: 1000,
          vehicleTypeMultipliers: {},
          ...(i % 2 ? { createdAt: sql`now() - ${i} * interval '1 microsecond'` } : {}),
        })) as (typeof services.$inferInsert)[],
      );
    },
    seedNamed: async (businessId, needle) => {
      await t.db.insert(services).values({ businessId, name: needle, basePriceCents: 1000, vehicleTypeMultipliers: {} });
    },
  },
  quotes: {
    path: '/api/quotes',
    seed: async (businessId, n, prefix) => {
      await t.db.insert(quotes).values(
        Array.from({ length: n }, (_, i) => quoteRow(businessId, `${prefix}${i}`, i)),
      );
    },
    seedNamed: async (businessId, needle) => {
      await t.db.insert(quotes).values(quoteRow(businessId, needle, 0));
    },
  },
  inventory: {
    path: '/api/inventory',
    seed: async (businessId, n, prefix) => {
      // Names differ only in case for half the rows: lower(name) ties, the id decides.
      await t.db.insert(inventoryItems).values(
        Array.from({ length: n }, (_, i) => ({ businessId, name: i % 2 ? `${prefix}${i >> 1}` : `${prefix.toUpperCase()}${i >> 1}` })),
      );
    },
    seedNamed: async (businessId, needle) => {
      await t.db.insert(inventoryItems).values({ businessId, name: needle });
    },
  },
  'inventory options': {
    path: '/api/inventory/options',
    seed: (businessId, n, prefix) => cases.inventory!.seed(businessId, n, prefix),
    seedNamed: (businessId, needle) => cases.inventory!.seedNamed(businessId, needle),
  },
  'service options': {
    path: '/api/services/options',
    seed: (businessId, n, prefix) => cases.services!.seed(businessId, n, prefix),
    seedNamed: (businessId, needle) => cases.services!.seedNamed(businessId, needle),
  },
};

async function allPages(path: string, cookie: string, limit: number) {
  const seen: Row[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const url: string = `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await t.request(url, { cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: Row[]; nextCursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging did not end');
}

describe.each(Object.entries(cases))('%s list', (_name, c) => {
  it('pages through every row once, in the order of one big page, and never shows another business', async () => {
    const [owner, other] = [await t.signUp(), await t.signUp()];
    await c.seed(owner.userId, 23, 'Own');
    await c.seed(other.userId, 5, 'Theirs');
    const whole = await (await t.request(`${c.path}?limit=100`, { cookie: owner.cookie })).json();
    expect(whole.items).toHaveLength(23);
    expect(whole.nextCursor).toBeNull();
    const first = await (await t.request(`${c.path}?limit=5`, { cookie: owner.cookie })).json();
    expect(first.items).toHaveLength(5);
    expect(typeof first.nextCursor).toBe('string');
    const paged = await allPages(c.path, owner.cookie, 5);
    expect(paged.map((r) => r.id)).toEqual(whole.items.map((r: Row) => r.id));
    expect(new Set(paged.map((r) => r.id)).size).toBe(23);
    expect(JSON.stringify(paged).toLowerCase()).not.toContain('theirs');
    // Another business's cursor is only a position: it shows the caller's own rows, never the other's.
    const theirs = await (await t.request(`${c.path}?limit=2`, { cookie: other.cookie })).json();
    const crossed = await (
      await t.request(`${c.path}?limit=100&cursor=${encodeURIComponent(theirs.nextCursor)}`, { cookie: owner.cookie })
    ).json();
    expect(JSON.stringify(crossed).toLowerCase()).not.toContain('theirs');
  });

  it('searches on the server, taking % and _ literally', async () => {
    const owner = await t.signUp();
    await c.seed(owner.userId, 4, 'Plain');
    await c.seedNamed(owner.userId, 'Half_50%Off');
    const found = await (await t.request(`${c.path}?q=${encodeURIComponent('_50%')}`, { cookie: owner.cookie })).json();
    expect(found.items).toHaveLength(1);
    expect(JSON.stringify(found.items[0])).toContain('Half_50%Off');
    const none = await (await t.request(`${c.path}?q=${encodeURIComponent('%')}`, { cookie: owner.cookie })).json();
    expect(none.items).toHaveLength(1);
    expect((await (await t.request(`${c.path}?q=nothing-like-this`, { cookie: owner.cookie })).json()).items).toEqual([]);
  });

  it.each([
    ['not a cursor', 'cursor=%%%'],
    ['a cursor of the wrong length', `cursor=${encodeCursor(['x'])}`],
    ['a cursor of the wrong kinds', `cursor=${encodeCursor([1, 2])}`],
    ['a NUL in a cursor', `cursor=${encodeCursor(['a\u0000', '00000000-0000-4000-8000-000000000000'])}`],
    ['limit 0', 'limit=0'],
    ['limit 1000', 'limit=1000'],
    ['a limit that is no number', 'limit=ten'],
  ])('answers 400 for %s', async (_label, query) => {
    const owner = await t.signUp();
    const res = await t.request(`${c.path}?${query}`, { cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toEqual(expect.any(String));
  });

  it('answers 400 for an impossible date in a cursor keyed by time, and pages on for one keyed by name', async () => {
    const owner = await t.signUp();
    const cursor = encodeCursor(['2026-02-30 10:00:00+00', '00000000-0000-4000-8000-000000000000']);
    const res = await t.request(`${c.path}?cursor=${cursor}`, { cookie: owner.cookie });
    // Lists by name take any text as the first key.
    expect(res.status).toBe(c.path.endsWith('/options') || c.path === '/api/inventory' ? 200 : 400);
  });

  it('answers 401 signed out', async () => {
    expect((await t.request(c.path)).status).toBe(401);
  });
});
