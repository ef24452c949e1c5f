import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getTableName, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { nodeAnswers } from '../app';
import { createTestContext, TEST_ORIGIN } from '../test/harness';
import { type AppRoute, appRoutes, fillPath, jsonBodySchema, sampleOf } from '../test/routes';
import { populateTenant, tenantIds, tenantTables } from '../test/tenants';
import { bodyLimitOf } from './body-limits';
import { createAppServer, nodeListener } from './node-listener';

/**
 * Hostile inputs against every route of the router (public and owner, signed in as a business with data): wrong
 * types, huge strings, NUL and other control characters, unicode, negative/huge numbers, injection strings,
 * missing/extra fields, malformed JSON, JSON nested 20,000–50,000 deep, unpaired surrogates (in JSON and in the
 * URL). No answer may be a 5xx, and a refused request (4xx) may write no row. Two more passes, over every route:
 * each record saved unchanged through its PUT/PATCH, and bodies over the limit on a keep-alive connection.
 * The seed is fixed and printed: FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> changes its size.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

const t = await createTestContext({ jobs: 'memory' });
const doc = await (await t.request('/api/openapi.json')).json();
// Webhooks are left out: they answer only to a valid signature, which fuzzing cannot forge (its own tests cover it).
const routes = appRoutes(t.app, doc).filter(
  (r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/webhooks/'),
);
// An Elite business: the plan's routes (locations, branding, campaigns, routes, analytics) answer past their plan check.
const owner = await t.signUp({ plan: 'elite' });
await populateTenant(t.db, owner.userId, 'Fuzzowner');
const ownIds = await tenantIds(t.db, owner.userId);

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u001f',
      '\u007f',
      '\u202e',
      '\ud83d\ude97',
      '\uffff',
      '\n',
      '\t',
    ),
    maxLength: 20,
  }),
  // Unpaired halves of a UTF-16 pair, alone and around text.
  fc.constantFrom('\ud800', 'Sale \udfff', '\ud83d', '\ude97 done', 'a\udbff\ud800'),
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

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** JSON text nested too deep to stringify from a value: alone, or as one field of the route's sample. */
const deepText = (sample: unknown) =>
  fc
    .constantFrom(deepArray(50_000), deepObject(20_000), deepArray(65))
    .chain((deep) =>
      fc.constantFrom(
        deep,
        sample && typeof sample === 'object' && !Array.isArray(sample)
          ? `${JSON.stringify(sample).slice(0, -1)}${Object.keys(sample).length ? ',' : ''}"deep":${deep}}`
          : deep,
      ),
    );

/** A body: the route's valid sample with fields replaced, removed or added; any JSON value; or broken JSON. */
function bodyFor(route: AppRoute): fc.Arbitrary<Body> {
  const sample = sampleOf(jsonBodySchema(route), () => ownIds[0] ?? crypto.randomUUID());
  const keys = sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.keys(sample) : [];
  const mutated = fc
    .tuple(
      fc.subarray(keys),
      fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'businessId'), hostileValue, {
        maxKeys: 3,
      }),
    )
    .map(([removed, replaced]): Body => {
      const value: Record<string, unknown> = { ...(sample as Record<string, unknown>) };
      for (const k of removed) delete value[k];
      return { kind: 'json', value: { ...value, ...replaced } };
    });
  return fc.oneof(
    { arbitrary: mutated, weight: 5 },
    { arbitrary: hostileValue.map((value): Body => ({ kind: 'json', value })), weight: 2 },
    {
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,', 'nul', '{"a":1}}', '\u0000')
        .map((text): Body => ({ kind: 'text', text })),
      weight: 1,
    },
    { arbitrary: deepText(sample).map((text): Body => ({ kind: 'text', text })), weight: 1 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  );
}

const request = fc.constantFrom(...routes).chain((route) =>
  fc.record({
    route: fc.constant(route),
    param: fc.oneof(fc.constantFrom(...ownIds), hostileString),
    query: fc.dictionary(
      fc.constantFrom('q', 'cursor', 'limit', 'zip', 'business', 'date', 'serviceId', 'status'),
      hostileString,
      { maxKeys: 3 },
    ),
    // A surrogate percent-encoded as UTF-8 never is (ED A0–BF): URLSearchParams cannot write one.
    // Rarely: each one is refused before the route, and the rest of the request would go untried.
    rawQuery: fc.oneof(
      { arbitrary: fc.constant(null), weight: 19 },
      { arbitrary: fc.constantFrom('q=%ED%A0%80', 'cursor=%ed%bf%bf', 'zip=%ED%A0%BD%ED%B8%97'), weight: 1 },
    ),
    body: bodyFor(route),
    signedIn: fc.boolean(),
    // The field writes answer 400 without one (decision 1170): mostly a key, so that their bodies are reached too.
    idempotencyKey: fc.option(fc.uuid(), { freq: 4 }),
  }),
);

// Every tenant table's rows, counted in one statement (about 5 ms of PGlite's CPU). The idempotency record a refused
// field write keeps is the request's receipt (decision 1170), not data: left out, as tenantSnapshot leaves it out.
const countEveryTenantRow = sql`select ${sql.join(
  tenantTables()
    .filter((table) => getTableName(table) !== 'idempotency_keys')
    .map((table) => sql`(select count(*) from ${table})`),
  sql` + `,
)} as n`;
async function rowCount(): Promise<number> {
  const result = await t.db.execute(countEveryTenantRow);
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
}

/**
 * PostgreSQL's current snapshot: the transactions still running and the next id it will hand out. A row is inserted,
 * updated or deleted only by a transaction that has taken an id, and it shows in a count once that transaction ends;
 * while the snapshot is the same, no row anywhere has changed and the last count still holds.
 */
async function currentSnapshot(): Promise<string> {
  const result = await t.db.execute(sql`select pg_current_snapshot()::text as snapshot`);
  return (result as unknown as { rows: { snapshot: string }[] }).rows[0]!.snapshot;
}
let lastCount: { snapshot: string; rows: number } | undefined;
/** The tenant tables' row count, counted again only when a transaction may have written since the last count. */
async function rowCountNow(): Promise<number> {
  const snapshot = await currentSnapshot();
  if (lastCount?.snapshot !== snapshot) lastCount = { snapshot, rows: await rowCount() };
  return lastCount.rows;
}

// 5,000 requests take 2–5 minutes on a machine shared with other test runs.
it(`answers ${RUNS} hostile requests without a 5xx or a partial write (seed ${SEED})`, {
  timeout: 900_000,
}, async () => {
  console.info(
    `fuzz: seed ${SEED}, ${RUNS} runs over ${routes.length} routes (replay with FUZZ_SEED=${SEED})`,
  );
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async ({ route, param, query, rawQuery, body, signedIn, idempotencyKey }) => {
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
      const queryText = [search.toString(), rawQuery].filter(Boolean).join('&');
      const url = queryText ? `${path}?${queryText}` : path;
      const init: Parameters<typeof t.request>[1] = {
        method: route.method,
        cookie: signedIn ? owner.cookie : undefined,
      };
      if (route.method !== 'GET') {
        if (body.kind === 'json') init.json = body.value;
        else if (body.kind === 'text') init.body = body.text;
        init.headers = {
          ...(body.kind === 'text' && { 'content-type': 'application/json' }),
          ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
        };
      }
      const before = route.method === 'GET' ? 0 : await rowCountNow();
      const res = await t.request(url, init);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${route.method} ${url} → ${res.status} ${text}`);
      if (route.method !== 'GET' && res.status >= 400)
        expect(await rowCountNow(), `${route.method} ${url} → ${res.status} wrote rows`).toBe(before);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  console.info(
    `fuzz: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
  );
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
});

/** The properties of a record that an update's body schema names (a read answer written back as it is). */
function writableFields(record: unknown, route: AppRoute): Record<string, unknown> | null {
  const properties = jsonBodySchema(route)?.properties;
  if (!properties || !record || typeof record !== 'object') return null;
  const fields = Object.fromEntries(
    Object.entries(record).filter(([k, v]) => k in properties && v !== undefined),
  );
  return Object.keys(fields).length ? fields : null;
}

it('saves every record unchanged through each PUT and PATCH (the same body twice, a read written back) without a 5xx', {
  timeout: 600_000,
}, async () => {
  const admin = await t.createAdmin();
  const updates = routes.filter((r) => r.method === 'PUT' || r.method === 'PATCH');
  expect(updates.length).toBeGreaterThan(10);
  const failures: string[] = [];
  let sent = 0;
  let records = 0;
  for (const route of updates) {
    const cookie = route.path.startsWith('/api/admin/') ? admin.cookie : owner.cookie;
    const read = routes.find((r) => r.method === 'GET' && r.path === route.path);
    // The record's own read: the same path, or for an action on a record (`/api/bookings/:id/status`) the record's.
    const recordPath = route.path.replace(/(:[A-Za-z0-9_]+)(?!.*:).*$/, '$1');
    const recordRead = read ?? routes.find((r) => r.method === 'GET' && r.path === recordPath);
    for (const id of route.params.length ? ownIds : ['']) {
      const path = fillPath(route, () => id);
      const bodies: unknown[] = [sampleOf(jsonBodySchema(route), () => ownIds[0] ?? crypto.randomUUID())];
      if (recordRead) {
        const res = await t.request(
          fillPath(recordRead, () => id),
          { cookie },
        );
        // An id of another kind of record: the record's read does not know it, and the writes would only be 404s (the
        // isolation matrix proves those). Every id the read knows is a record to save.
        if (res.status === 404) continue;
        records++;
        const fields = read && res.status === 200 ? writableFields(await res.json(), route) : null;
        if (fields) bodies.push(fields);
      }
      for (const body of bodies) {
        for (let i = 0; i < 2; i++) {
          const res = await t.request(path, {
            method: route.method,
            cookie,
            json: body,
            headers: { 'idempotency-key': crypto.randomUUID() },
          });
          sent++;
          if (res.status >= 500)
            failures.push(
              `${route.method} ${route.path} ${JSON.stringify(body).slice(0, 120)} → ${res.status} ${await res.text()}`,
            );
        }
      }
    }
  }
  console.info(`fuzz: ${sent} unchanged updates of ${records} records over ${updates.length} routes`);
  // The pass reaches records, not only 404s: at least one for most routes that have a read.
  expect(records).toBeGreaterThan(updates.filter((r) => r.params.length).length / 2);
  expect(failures).toEqual([]);
});

it('answers a body over the limit with 413 on every write route, and the keep-alive connection carries the next request', {
  timeout: 600_000,
}, async () => {
  const server = createAppServer(
    nodeListener(nodeAnswers(t.deps), (request, env) => t.app.fetch(request, env)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: Buffer) =>
    new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
      const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: owner.cookie };
      if (body)
        Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(body.length) });
      const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, socket: req.socket }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const writes = routes.filter((r) => r.method !== 'GET');
  const failures: string[] = [];
  try {
    for (const route of writes) {
      const path = fillPath(route, () => ownIds[0] ?? 'x');
      // Each route's own limit (field photos and the signed completion take more than the default).
      const oversized = Buffer.alloc(bodyLimitOf(path).maxBytes + 64 * 1024, ' ');
      const refused = await send(route.method, path, oversized).catch((err: Error) => ({
        status: 0,
        socket: err.message,
      }));
      const next = await send('GET', '/api/public/settings').catch((err: Error) => ({
        status: 0,
        socket: err.message,
      }));
      // The document upload takes 10 MB: that one route reads this body and answers for itself, never a 5xx.
      const expected =
        route.path === '/api/verification/documents'
          ? refused.status > 0 && refused.status < 500
          : refused.status === 413;
      if (!expected || next.status !== 200 || next.socket !== refused.socket)
        failures.push(`${route.method} ${path} → ${refused.status}, then ${next.status}`);
    }
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
  console.info(`fuzz: ${writes.length} oversized bodies on one keep-alive connection`);
  expect(failures).toEqual([]);
});
