import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { type AppRoute, appRoutes, fillPath, jsonBodySchema, sampleOf } from '../test/routes';
import { populateTenant, tenantIds, tenantTables } from '../test/tenants';

/**
 * Hostile inputs against every route of the router (public and owner, signed in as a business with data): wrong
 * types, huge strings, NUL and other control characters, unicode, negative/huge numbers, injection strings,
 * missing/extra fields, malformed JSON. No answer may be a 5xx, and a refused request (4xx) may write no row.
 * The seed is fixed and printed: FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> changes its size.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

const t = await createTestContext({ jobs: 'memory' });
const doc = await (await t.request('/api/openapi.json')).json();
// Webhooks are left out: they answer only to a valid signature, which fuzzing cannot forge (its own tests cover it).
const routes = appRoutes(t.app, doc).filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/webhooks/'));
const owner = await t.signUp();
await populateTenant(t.db, owner.userId, 'Fuzzowner');
const ownIds = await tenantIds(t.db, owner.userId);

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u202e', '\ud83d\ude97', '\uffff', '\n', '\t'), maxLength: 20 }),
  fc.constantFrom(
    "' or 1=1 --",
    "'; drop table bookings; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '%00',
    '%25',
    '\\',
    '$' + '{7*7}',
    '{{7*7}}',
    'null',
    'undefined',
    '-1',
    '1e309',
    '2026-99-01',
    '2026-02-30',
    '99:99',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    '',
    ' ',
  ),
  fc.constant('x'.repeat(100_000)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

type Body = { kind: 'json'; value: unknown } | { kind: 'text'; text: string } | { kind: 'none' };

/** A body: the route's valid sample with fields replaced, removed or added; any JSON value; or broken JSON. */
function bodyFor(route: AppRoute): fc.Arbitrary<Body> {
  const sample = sampleOf(jsonBodySchema(route), () => ownIds[0] ?? crypto.randomUUID());
  const keys = sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.keys(sample) : [];
  const mutated = fc
    .tuple(fc.subarray(keys), fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'businessId'), hostileValue, { maxKeys: 3 }))
    .map(([removed, replaced]): Body => {
      const value: Record<string, unknown> = { ...(sample as Record<string, unknown>) };
      for (const k of removed) delete value[k];
      return { kind: 'json', value: { ...value, ...replaced } };
    });
  return fc.oneof(
    { arbitrary: mutated, weight: 5 },
    { arbitrary: hostileValue.map((value): Body => ({ kind: 'json', value })), weight: 2 },
    { arbitrary: fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"a":1}}', '\u0000').map((text): Body => ({ kind: 'text', text })), weight: 1 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  );
}

const request = fc.constantFrom(...routes).chain((route) =>
  fc.record({
    route: fc.constant(route),
    param: fc.oneof(fc.constantFrom(...ownIds), hostileString),
    query: fc.dictionary(fc.constantFrom('q', 'cursor', 'limit', 'zip', 'business', 'date', 'serviceId', 'status'), hostileString, { maxKeys: 3 }),
    body: bodyFor(route),
    signedIn: fc.boolean(),
  }),
);

async function rowCount(): Promise<number> {
  const parts = tenantTables().map((table) => sql`(select count(*) from ${table})`);
  const result = await t.db.execute(sql`select ${sql.join(parts, sql` + `)} as n`);
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
}

it(`answers ${RUNS} hostile requests without a 5xx or a partial write (seed ${SEED})`, { timeout: 300_000 }, async () => {
  console.info(`fuzz: seed ${SEED}, ${RUNS} runs over ${routes.length} routes (replay with FUZZ_SEED=${SEED})`);
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async ({ route, param, query, body, signedIn }) => {
      let path: string;
      try {
        path = fillPath(route, () => param);
      } catch {
        path = route.path.replace(/:[A-Za-z0-9_]+/g, 'x'); // a lone surrogate cannot be URI-encoded
      }
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) {
        try {
          search.set(k, encodeURIComponent(v) && v);
        } catch {
          // skip values that cannot be encoded
        }
      }
      const url = search.size ? `${path}?${search}` : path;
      const init: Parameters<typeof t.request>[1] = { method: route.method, cookie: signedIn ? owner.cookie : undefined };
      if (route.method !== 'GET') {
        if (body.kind === 'json') init.json = body.value;
        else if (body.kind === 'text') init.body = body.text;
        if (body.kind === 'text') init.headers = { 'content-type': 'application/json' };
      }
      const before = route.method === 'GET' ? 0 : await rowCount();
      const res = await t.request(url, init);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${route.method} ${url} → ${res.status} ${text}`);
      if (route.method !== 'GET' && res.status >= 400) expect(await rowCount(), `${route.method} ${url} → ${res.status} wrote rows`).toBe(before);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  console.info(`fuzz: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
});
