import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../auth/auth.schema';
import {
  bookings,
  customers,
  inventoryItems,
  profiles,
  quotes,
  services,
  stockMovements,
} from '../db/schema';
import { adminAuditLog } from '../features/admin-users/admin-users.schema';
import { campaigns, messageSends } from '../features/campaigns/campaigns.schema';
import { ledgerEntries } from '../features/payouts/payouts.schema';
import { businessVerifications } from '../features/verification/verification.schema';
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
      await t.db
        .insert(customers)
        .values({ businessId, firstName: needle, lastName: 'Match', email: `m${Date.now()}@example.com` });
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
      await t.db
        .insert(services)
        .values({ businessId, name: needle, basePriceCents: 1000, vehicleTypeMultipliers: {} });
    },
  },
  quotes: {
    path: '/api/quotes',
    seed: async (businessId, n, prefix) => {
      await t.db
        .insert(quotes)
        .values(Array.from({ length: n }, (_, i) => quoteRow(businessId, `${prefix}${i}`, i)));
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
        Array.from({ length: n }, (_, i) => ({
          businessId,
          name: i % 2 ? `${prefix}${i >> 1}` : `${prefix.toUpperCase()}${i >> 1}`,
        })),
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

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

async function allPages(path: string, cookie: string, limit: number) {
  const seen: Row[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const url: string = `${withQuery(path, `limit=${limit}`)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
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
      await t.request(`${c.path}?limit=100&cursor=${encodeURIComponent(theirs.nextCursor)}`, {
        cookie: owner.cookie,
      })
    ).json();
    expect(JSON.stringify(crossed).toLowerCase()).not.toContain('theirs');
  });

  it('searches on the server, taking % and _ literally', async () => {
    const owner = await t.signUp();
    await c.seed(owner.userId, 4, 'Plain');
    await c.seedNamed(owner.userId, 'Half_50%Off');
    const found = await (
      await t.request(`${c.path}?q=${encodeURIComponent('_50%')}`, { cookie: owner.cookie })
    ).json();
    expect(found.items).toHaveLength(1);
    expect(JSON.stringify(found.items[0])).toContain('Half_50%Off');
    const none = await (
      await t.request(`${c.path}?q=${encodeURIComponent('%')}`, { cookie: owner.cookie })
    ).json();
    expect(none.items).toHaveLength(1);
    expect(
      (await (await t.request(`${c.path}?q=nothing-like-this`, { cookie: owner.cookie })).json()).items,
    ).toEqual([]);
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

// The lists paged by time that are not searched by `q` the same way (admin lists, logs, a campaign's sends, the
// ledger), and bookings (keyed by scheduled_at): rows a microsecond apart must page exactly too. With cursors cut to a
// JavaScript Date's milliseconds, the rows between the cut and the last row shown were skipped.

/** `n` microsecond steps; even rows share one instant, odd ones are i µs from it (both orders must page exactly). */
const micro = (base: SQL, i: number) =>
  // An SQL value where the insert's type says Date (drizzle takes either).
  (i % 2 ? sql`${base} - ${i} * interval '1 microsecond'` : base) as unknown as Date;

interface TimedCase {
  /** Seeds n rows for a fresh caller (and a few of someone else's) and says where and as whom to list them. */
  setup: (n: number) => Promise<{ path: string; cookie: string }>;
  /** The field that names a row, when it is not `id` (the verification queue: one row per business). */
  key?: 'businessId';
}

const sendRow = (businessId: string, i: number, campaignId: string | null) =>
  ({
    id: randomUUID(),
    businessId,
    campaignId,
    kind: campaignId ? 'campaign' : 'reminder',
    dedupeKey: randomUUID(),
    channel: 'email',
    to: `r${i}@example.com`,
    body: 'Hello',
    createdAt: micro(sql`now()`, i),
  }) as typeof messageSends.$inferInsert;

const bookingRow = (businessId: string, i: number, at: SQL) =>
  ({
    businessId,
    serviceName: `Wash ${i}`,
    durationMinutes: 60,
    scheduledAt: micro(at, i),
    locationAddress: '1 Main St',
    quotedPriceCents: 1000,
  }) as typeof bookings.$inferInsert;

async function seedCampaign(businessId: string) {
  const [c] = await t.db
    .insert(campaigns)
    .values({ businessId, name: 'Spring', type: 'email', message: 'Hi' })
    .returning();
  return c!;
}

const timedCases: Record<string, TimedCase> = {
  'bookings (upcoming)': {
    setup: async (n) => {
      const [owner, other] = [await t.signUp(), await t.signUp()];
      const at = sql`date_trunc('day', now()) + interval '3 days'`;
      await t.db
        .insert(bookings)
        .values(Array.from({ length: n }, (_, i) => bookingRow(owner.userId, i, at)));
      await t.db
        .insert(bookings)
        .values(Array.from({ length: 3 }, (_, i) => bookingRow(other.userId, i, at)));
      return { path: '/api/bookings?when=upcoming', cookie: owner.cookie };
    },
  },
  'bookings (past)': {
    setup: async (n) => {
      const [owner, other] = [await t.signUp(), await t.signUp()];
      const at = sql`date_trunc('day', now()) - interval '3 days'`;
      await t.db
        .insert(bookings)
        .values(Array.from({ length: n }, (_, i) => bookingRow(owner.userId, i, at)));
      await t.db
        .insert(bookings)
        .values(Array.from({ length: 3 }, (_, i) => bookingRow(other.userId, i, at)));
      return { path: '/api/bookings?when=past', cookie: owner.cookie };
    },
  },
  campaigns: {
    setup: async (n) => {
      const [owner, other] = [await t.signUp(), await t.signUp()];
      const row = (businessId: string, i: number) =>
        ({
          businessId,
          name: `C${i}`,
          type: 'email',
          message: 'Hi',
          createdAt: micro(sql`now()`, i),
        }) as typeof campaigns.$inferInsert;
      await t.db.insert(campaigns).values(Array.from({ length: n }, (_, i) => row(owner.userId, i)));
      await t.db.insert(campaigns).values(Array.from({ length: 3 }, (_, i) => row(other.userId, i)));
      return { path: '/api/campaigns', cookie: owner.cookie };
    },
  },
  'campaign recipients': {
    setup: async (n) => {
      const [owner, other] = [await t.signUp(), await t.signUp()];
      const [mine, theirs] = [await seedCampaign(owner.userId), await seedCampaign(other.userId)];
      await t.db
        .insert(messageSends)
        .values(Array.from({ length: n }, (_, i) => sendRow(owner.userId, i, mine.id)));
      await t.db
        .insert(messageSends)
        .values(Array.from({ length: 3 }, (_, i) => sendRow(other.userId, i, theirs.id)));
      return { path: `/api/campaigns/${mine.id}/recipients`, cookie: owner.cookie };
    },
  },
  'automations log': {
    setup: async (n) => {
      const [owner, other] = [await t.signUp(), await t.signUp()];
      await t.db
        .insert(messageSends)
        .values(Array.from({ length: n }, (_, i) => sendRow(owner.userId, i, null)));
      await t.db
        .insert(messageSends)
        .values(Array.from({ length: 3 }, (_, i) => sendRow(other.userId, i, null)));
      return { path: '/api/automations/log', cookie: owner.cookie };
    },
  },
  'payouts ledger': {
    setup: async (n) => {
      const [owner, other] = [await t.signUp(), await t.signUp()];
      const row = (businessId: string, i: number) =>
        ({
          businessId,
          kind: 'charge',
          amountCents: 100 + i,
          documentType: 'booking',
          documentId: randomUUID(),
          description: `Entry ${i}`,
          key: randomUUID(),
          createdAt: micro(sql`now()`, i),
        }) as typeof ledgerEntries.$inferInsert;
      await t.db.insert(ledgerEntries).values(Array.from({ length: n }, (_, i) => row(owner.userId, i)));
      await t.db.insert(ledgerEntries).values(Array.from({ length: 3 }, (_, i) => row(other.userId, i)));
      return { path: '/api/payouts/ledger', cookie: owner.cookie };
    },
  },
  'stock movements': {
    setup: async (n) => {
      const [owner, other] = [await t.signUp(), await t.signUp()];
      const seed = async (businessId: string, count: number) => {
        const [item] = await t.db.insert(inventoryItems).values({ businessId, name: 'Shampoo' }).returning();
        await t.db.insert(stockMovements).values(
          Array.from({ length: count }, (_, i) => ({
            businessId,
            inventoryItemId: item!.id,
            change: 1,
            stockAfter: i + 1,
            reason: 'manual',
            createdAt: micro(sql`now()`, i),
          })) as (typeof stockMovements.$inferInsert)[],
        );
      };
      await seed(owner.userId, n);
      await seed(other.userId, 3);
      return { path: '/api/inventory/movements', cookie: owner.cookie };
    },
  },
  'admin audit': {
    setup: async (n) => {
      const admin = await t.createAdmin();
      // The audit log is the platform's; a fresh action name keeps this test's rows apart from the others'.
      const action = `test.${randomUUID().slice(0, 8)}`;
      await t.db.insert(adminAuditLog).values(
        Array.from({ length: n }, (_, i) => ({
          actorEmail: admin.email,
          action,
          targetType: 'user',
          createdAt: micro(sql`now()`, i),
        })) as (typeof adminAuditLog.$inferInsert)[],
      );
      return { path: `/api/admin/audit?action=${action}`, cookie: admin.cookie };
    },
  },
  'admin verifications': {
    setup: async (n) => {
      const admin = await t.createAdmin();
      // The queue is the platform's: only this file's businesses submit, and the first test of the case runs first.
      const ids = Array.from({ length: n }, () => randomUUID());
      await t.db.insert(user).values(
        ids.map((id) => ({
          id,
          name: 'Queued',
          email: `${id}@example.com`,
        })) as (typeof user.$inferInsert)[],
      );
      await t.db.insert(profiles).values(ids.map((id) => ({ id })));
      await t.db.insert(businessVerifications).values(
        ids.map((businessId, i) => ({
          businessId,
          submittedAt: micro(sql`now()`, i),
        })) as (typeof businessVerifications.$inferInsert)[],
      );
      return { path: '/api/admin/verifications?status=all', cookie: admin.cookie };
    },
    key: 'businessId',
  },
  'admin accounts': {
    setup: async (n) => {
      const admin = await t.createAdmin();
      const tag = `acct${randomUUID().slice(0, 8)}`;
      await t.db.insert(user).values(
        Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          name: `${tag} ${i}`,
          email: `${tag}-${i}@example.com`,
          createdAt: micro(sql`now()`, i),
        })) as (typeof user.$inferInsert)[],
      );
      return { path: `/api/admin/users?q=${tag}`, cookie: admin.cookie };
    },
  },
};

describe.each(Object.entries(timedCases))('%s list (paged by time)', (_name, c) => {
  it('pages through rows a microsecond apart once each, in the order of one big page, only the caller’s', async () => {
    const { path, cookie } = await c.setup(23);
    const whole = await (await t.request(withQuery(path, 'limit=100'), { cookie })).json();
    expect(whole.items).toHaveLength(23);
    expect(whole.nextCursor).toBeNull();
    const paged = await allPages(path, cookie, 5);
    const name = (r: Row) => (r as unknown as Record<string, string>)[c.key ?? 'id'];
    expect(paged.map(name)).toEqual(whole.items.map(name));
    expect(new Set(paged.map(name)).size).toBe(23);
  });

  it.each([
    ['not a cursor', 'cursor=%%%'],
    ['a cursor of the wrong length', `cursor=${encodeCursor(['x', 'y', 'z'])}`],
    ['a cursor of the wrong kinds', `cursor=${encodeCursor([1, 2])}`],
    [
      'an impossible date',
      `cursor=${encodeCursor(['2026-02-30 10:00:00+00', '00000000-0000-4000-8000-000000000000'])}`,
    ],
    ['a malformed id', `cursor=${encodeCursor(['2026-01-30 10:00:00+00', 'not-a-uuid'])}`],
  ])('answers 400 for %s', async (label, query) => {
    const { path, cookie } = await c.setup(1);
    const res = await t.request(withQuery(path, query), { cookie });
    // Accounts (and the verification queue, by business) are keyed by better-auth's text id: any text is a position.
    if (/^\/api\/admin\/(users|verifications)/.test(path) && label === 'a malformed id')
      return expect(res.status).toBe(200);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toEqual(expect.any(String));
  });
});

// Every GET that answers a list answers the one shape. A 200 body with an array at its top level is either
// `{ items, nextCursor }` (more fields beside them allowed) or one of these documents, whose arrays are parts of one
// thing rather than a list of things (decision 1135).
const DOCUMENTS: Record<string, string> = {
  'GET /api/public/gallery/{token}': "one job's before/after photos, with the business and the consent",
  'GET /api/bookings/{id}/gallery': "one job's gallery: its link, the consent and the photos",
  'GET /api/routes/settings':
    "the routes' settings: the base, each technician's start, end and lunch, the specialist services",
  'GET /api/public/availability': 'the availability of one zip, with the businesses that serve it',
  'GET /api/booking/options': "the /book form's options",
  'GET /api/booking/slots': "one day's slots",
  'GET /api/scheduling': "the business's hours",
  'GET /api/scheduling/slots': "one day's slots",
  'GET /api/manage/{token}/slots': "one day's slots",
  'GET /api/customers/{id}': 'one customer with their vehicles and bookings',
  'GET /api/series/{id}': 'one series of repeat visits with its visits',
  'GET /api/inventory/purchase-order': 'one purchase order, grouped by supplier',
  'GET /api/business-profile': 'the profile',
  'GET /api/verification': "the business's verification with its documents",
  'GET /api/admin/outbox/{id}': 'one message with its headers',
  'GET /api/admin/settings': 'the platform settings',
  'GET /api/billing': "the business's billing, with its charges",
  'GET /api/team': 'the team: the owner, the technicians (seats) and pending invitations',
  'GET /api/quotes/{id}': 'one quote with its lines',
  'GET /api/invoices/{id}': 'one invoice with its lines and payments',
  'GET /api/v1/quotes/{id}': 'one quote with its lines (public API)',
  'GET /api/v1/invoices/{id}': 'one invoice with its lines (public API)',
  'GET /api/payouts': 'the payouts overview',
  'GET /api/admin/analytics': 'one report',
  'GET /api/routes': "one day's routes, by technician",
  'GET /api/analytics': "the owner's analytics for one period, with its weeks and months",
  'GET /api/analytics/advanced': "the owner's reports for one period",
  'GET /api/insights': "this week's insights digest (decision 1241)",
  'GET /api/field/jobs/{id}': 'one job with its checklist, photos, events and notes',
  'GET /api/bookings/{id}/field': "one booking's field record",
};

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
}
interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

/** The GETs whose 200 body holds an array without being `{ items, nextCursor }`: offenders, and the documents. */
function listShapes(doc: OpenApiDoc) {
  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split('/').at(-1)!] : s;
  const offenders: string[] = [];
  const documents: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const body = resolve(ops.get?.responses?.['200']?.content?.['application/json']?.schema);
    if (!body) continue;
    const route = `GET ${path}`;
    if (body.type === 'array') offenders.push(`${route}: a bare array`);
    const fields = body.properties ?? {};
    const arrays = Object.keys(fields).filter((k) => resolve(fields[k])?.type === 'array');
    if (arrays.length === 0 || ('items' in fields && 'nextCursor' in fields)) continue;
    if (DOCUMENTS[route]) documents.push(route);
    else offenders.push(`${route}: { ${Object.keys(fields).join(', ')} }`);
  }
  return { offenders, documents };
}

describe('the list shape of the OpenAPI document', () => {
  it('answers { items, nextCursor } on every GET whose body holds an array, documents apart', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDoc;
    const { offenders, documents } = listShapes(doc);
    expect(offenders).toEqual([]);
    // A document that became a list (or went away) leaves the table too.
    expect(documents.sort()).toEqual(Object.keys(DOCUMENTS).sort());
  });

  it('rejects another shape: a named array, { items } without nextCursor, a bare array', () => {
    const json = (schema: Schema) => ({
      get: { responses: { 200: { content: { 'application/json': { schema } } } } },
    });
    const array = { type: 'array' };
    const { offenders } = listShapes({
      paths: {
        '/api/pages': json({ type: 'object', properties: { pages: array, hasMore: { type: 'boolean' } } }),
        '/api/rewards': json({ type: 'object', properties: { items: array } }),
        '/api/bare': json(array),
        '/api/fine': json({ type: 'object', properties: { items: array, nextCursor: { type: 'string' } } }),
      },
    });
    expect(offenders).toEqual([
      'GET /api/pages: { pages, hasMore }',
      'GET /api/rewards: { items }',
      'GET /api/bare: a bare array',
    ]);
  });
});
