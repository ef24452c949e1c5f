import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { utcToZoned } from '../../shared/time';
import * as schema from '../db/schema';
import { createApiKey } from '../features/api-keys/api-keys.service';
import { createTestModeAccount } from '../features/payouts/payment-accounts.service';
import { createTestContext } from '../test/harness';
import { type AppRoute, appRoutes, fillPath, jsonBodySchema, sampleOf } from '../test/routes';
import { populateTenant, tenantIds, tenantIdsByTable, tenantSnapshot } from '../test/tenants';

/**
 * Tenant isolation over EVERY route of the app's router (a route added later is covered without editing this file):
 * business A calls each owner route with each of business B's ids and must get 403/404 without a byte of B's data
 * and without changing B's rows; signed out, every owner route is 401; a non-admin gets 403 on every admin route;
 * a malformed id is 404.
 */

// Routes anyone may call ("METHOD /path"), each with the reason. Every other /api route must refuse a signed-out caller.
const PUBLIC_ROUTES: Array<[RegExp, string]> = [
  [
    /^\w+ \/api\/public\//,
    'the public site: availability, waitlist, contact form, promo check, loyalty one-time codes',
  ],
  [/^\w+ \/api\/booking\//, 'the customer booking flow, used without an account'],
  [/^\w+ \/api\/auth\//, 'better-auth: sign-in, sign-up, password reset'],
  [/^\w+ \/api\/webhooks\//, "Stripe's webhooks: authenticated by their signature, not by a session"],
  [/^GET \/api\/health$/, 'the load balancer health check'],
  [/^GET \/api\/openapi\.json$/, 'the API description'],
  [
    /^GET \/api\/invitations\/:token$/,
    'a team invitation, shown by its unguessable token before the invitee has an account',
  ],
  [
    /^(GET|POST) \/api\/messaging\/unsubscribe\/:token$/,
    "one-click unsubscribe (RFC 8058) by the email's token, signed from the message id (decision 1164)",
  ],
  [
    /^GET \/api\/messaging\/(open\/:id|click\/:id\/:n)$/,
    "email open pixel and click redirect, by the message's unguessable id",
  ],
  [
    /^\w+ \/api\/manage\/:token(\/(slots|reschedule|cancel))?$/,
    "the customer's self-service reschedule/cancel page, by the booking's unguessable token",
  ],
  [
    /^\w+ \/api\/reviews\/:token$/,
    "the customer's review page, by the completed booking's unguessable review token",
  ],
  [
    /^GET \/api\/calendar-feeds\/:token$/,
    'a live calendar feed, by its signed address that calendar apps poll without a session (decision 1220)',
  ],
  [
    /^POST \/api\/calendar-notifications\/google$/,
    "Google Calendar's push notifications: accepted only with a live channel's id and token (decision 1252)",
  ],
  [
    /^POST \/api\/messaging\/sms\/inbound$/,
    "Twilio's inbound SMS webhook: authenticated by its signature, not by a session",
  ],
];
const isPublic = (r: AppRoute) => PUBLIC_ROUTES.some(([re]) => re.test(`${r.method} ${r.path}`));
// The public API answers to API keys, not sessions (decision 1201): its own section below runs the matrix with keys.
const isKeyRoute = (r: AppRoute) => r.path.startsWith('/api/v1/');
const isAdmin = (r: AppRoute) => r.path.startsWith('/api/admin/');
// Path parameters naming a record (`:id`, `:serviceId`…); others (a zip code) are filled with a plain value.
const isIdParam = (name: string) => /^id$|Id$/.test(name);
const fill = (route: AppRoute, id: string) => fillPath(route, (name) => (isIdParam(name) ? id : '78701'));

// Jobs wait in memory: a route that queues work (a service area launch) must still answer 404 first.
const t = await createTestContext({ jobs: 'memory' });
const doc = await (await t.request('/api/openapi.json')).json();
const routes = appRoutes(t.app, doc).filter((r) => r.path.startsWith('/api/'));
const ownerRoutes = routes.filter((r) => !isPublic(r) && !isKeyRoute(r));
const keyRoutes = routes.filter(isKeyRoute);

// Elite, so that every route of every plan (the API keys' included) answers for what it is, not for the plan.
const a = await t.signUp({ firstName: 'Alpha', lastName: 'Owner', plan: 'elite' });
const b = await t.signUp({ firstName: 'Bravo', lastName: 'Owner', plan: 'elite' });
const MARKER = 'Bravozulu';
await populateTenant(t.db, a.userId, 'Alphayankee');
await populateTenant(t.db, b.userId, MARKER);
// A takes payments (the test checkout's local account), as a series' card page needs (POST /api/series).
await createTestModeAccount(t.db, a.userId);
const bIds = await tenantIds(t.db, b.userId);
const bSecrets = [MARKER, b.email, ...bIds];

function call(
  route: AppRoute,
  path: string,
  cookie?: string,
  uuid: () => string = () => crypto.randomUUID(),
) {
  const schema = jsonBodySchema(route);
  const json =
    route.method === 'GET' || route.method === 'DELETE' ? undefined : schema ? sampleOf(schema, uuid) : {};
  if (isPhotoUpload(route)) {
    // A multipart upload: a real form, so the answer is about the job and not the body's type.
    const form = new FormData();
    form.set('kind', 'before');
    form.set('deviceTime', '2030-01-15T15:00:00.000Z');
    form.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'a.jpg');
    return t.request(path, { method: route.method, cookie, body: form, headers: writeHeaders(route.method) });
  }
  return t.request(path, { method: route.method, cookie, json, headers: writeHeaders(route.method) });
}

function isPhotoUpload(route: AppRoute): boolean {
  return route.method === 'POST' && /\/api\/field\/jobs\/[^/]+\/photos$/.test(route.path);
}

/** Field writes take an Idempotency-Key (decision 1170), as the field app always sends: a fresh one per call. */
function writeHeaders(method: string): Record<string, string> | undefined {
  return method === 'GET' ? undefined : { 'idempotency-key': crypto.randomUUID() };
}

/**
 * B's rows as the last check of them found them. Each check compares B's rows after its calls with these and keeps
 * what it found: one look at B a test instead of two. A change is still reported by the test whose calls made it, as
 * each check starts from what the one before it left (tests without a check only read, or are refused signed out).
 */
let bLastSeen: string | undefined;
async function expectBUnchanged(calls: () => Promise<void>) {
  const before = bLastSeen ?? (await tenantSnapshot(t.db, b.userId));
  let after: string;
  try {
    await calls();
  } finally {
    bLastSeen = after = await tenantSnapshot(t.db, b.userId);
  }
  expect(after, "B's rows changed").toBe(before);
}

const counts = {
  routes: routes.length,
  owner: ownerRoutes.length,
  keyRoutes: keyRoutes.length,
  crossTenantCalls: 0,
  foreignBodyIdCalls: 0,
  keyCrossTenantCalls: 0,
};
afterAll(() => {
  console.info(
    `isolation matrix: ${counts.routes} /api routes, ${counts.owner} owner routes, ${counts.crossTenantCalls} cross-tenant calls, ${counts.foreignBodyIdCalls} calls with a foreign id in the body; ${counts.keyRoutes} API key routes, ${counts.keyCrossTenantCalls} cross-tenant calls with a key`,
  );
});

describe('the route list', () => {
  it('comes from the router and includes the documented owner routes', () => {
    expect(ownerRoutes.length).toBeGreaterThan(30);
    const paths = ownerRoutes.map((r) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/customers/:id',
      'PATCH /api/services/:id',
      'DELETE /api/inventory/:id',
      'GET /api/admin/outbox',
      'POST /api/invoices/:id/refunds',
      'GET /api/analytics',
      'GET /api/analytics/advanced',
      'GET /api/analytics/export.csv',
    ]) {
      expect(paths.some((x) => x.startsWith(p))).toBe(true);
    }
    expect(bIds.length).toBeGreaterThanOrEqual(7);
  });
});

describe('signed out', () => {
  it.each(ownerRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers 401',
    async (_name, route) => {
      const res = await call(route, fill(route, crypto.randomUUID()));
      expect(res.status).toBe(401);
    },
  );
});

describe('a signed-in owner who is not an admin', () => {
  it.each(routes.filter(isAdmin).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers 403',
    async (_name, route) => {
      const res = await call(route, fill(route, bIds[0]!), a.cookie);
      expect(res.status).toBe(403);
    },
  );
});

describe("business A with business B's ids", () => {
  const withIds = ownerRoutes.filter((r) => r.params.some(isIdParam) && !isAdmin(r));

  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: 403/404, none of B's data, B unchanged",
    async (_name, route) =>
      expectBUnchanged(async () => {
        for (const id of bIds) {
          counts.crossTenantCalls++;
          let bodyNamesB = false;
          const res = await call(route, fill(route, id), a.cookie, () => {
            bodyNamesB = true;
            return id;
          });
          const body = await res.text();
          // A body that references B's record (serviceId…) may be refused as invalid input before the path's record is
          // looked up: 400 then, still without B's data and without a change.
          const refused = bodyNamesB ? [400, 403, 404] : [403, 404];
          expect(refused, `${route.method} ${fill(route, id)} → ${res.status} ${body}`).toContain(res.status);
          for (const secret of bSecrets) expect(body).not.toContain(secret);
        }
      }),
  );

  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: a malformed id is 404',
    async (_name, route) => {
      const res = await call(route, fill(route, 'not-a-uuid'), a.cookie);
      expect(res.status, await res.clone().text()).toBe(404);
    },
  );
});

describe("business A's lists and reads without ids", () => {
  it.each(
    ownerRoutes
      .filter((r) => r.params.length === 0 && r.method === 'GET' && !isAdmin(r))
      .map((r) => [r.path, r] as const),
  )("GET %s holds none of B's data", async (_name, route) => {
    const res = await call(route, route.path, a.cookie);
    expect(res.status).toBeLessThan(500);
    const body = await res.text();
    for (const secret of bSecrets) expect(body).not.toContain(secret);
  });
});

/**
 * Ids inside request bodies (issue 24): every owner route whose JSON body names a record (`customerId`,
 * `items[].serviceId`, `templateId`…) is first called by A with A's own ids and must succeed (so the route is really
 * exercised); then each id slot in turn gets each of B's ids, which must answer 404, change nothing of A's or B's
 * rows and reveal nothing of B.
 */
// An empty calendar for the calendar subscription's own body (decision 1221), on a loopback address the test allows.
const calendarServer = createServer((_req, res) =>
  res
    .writeHead(200, { 'content-type': 'text/calendar' })
    .end('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR'),
);
await new Promise<void>((resolve) => calendarServer.listen(0, '127.0.0.1', resolve));
const calendarUrl = `http://127.0.0.1:${(calendarServer.address() as AddressInfo).port}/empty.ics`;
t.deps.outboundAllowPrivate = true;
afterAll(() => new Promise<void>((resolve) => calendarServer.close(() => resolve())));

describe("business A with business B's ids in request bodies", () => {
  // The kind of row a body field names, as a tenant table (A's first row of it is the valid value).
  const TABLE_OF_FIELD: Record<string, string> = {
    customerId: 'customers',
    vehicleId: 'customer_vehicles',
    serviceId: 'services',
    serviceIds: 'services',
    inventoryItemId: 'inventory_items',
    templateId: 'message_templates',
    rewardId: 'loyalty_rewards',
    bookingId: 'bookings',
    bookingIds: 'bookings',
    promoCodeId: 'promo_codes',
    planId: 'route_plans',
    // A business's location (decision 1280): every business has its main one.
    locationId: 'locations',
  };
  // A field whose name alone does not say its table, by route: the checklist's items name their own rows by `id`.
  const TABLE_OF_ROUTE_FIELD: Record<string, Record<string, string>> = {
    'PUT /api/services/:id/checklist': { id: 'service_checklist_items' },
    'POST /api/field/jobs/:id/materials': { itemId: 'inventory_items' },
  };
  // Fields naming a user of the business rather than a row: the owner is always one.
  const USER_FIELDS = new Set(['technicianId', 'userId']);
  // Sample bodies that need a real value to pass the route's own checks (a bookable time…), merged over the sample.
  const BODY_OVERRIDES: Record<string, Record<string, unknown>> = {
    // Another calendar is read when subscribed (decision 1221): an empty one served on this machine.
    'POST /api/calendar-sync/calendars': { url: calendarUrl },
    'POST /api/bookings': {
      date: bookableDate(),
      time: '10:00',
      customer: null,
      vehicle: null,
      locationAddress: '1 Main St',
    },
    // The owner's New booking every 1, 2 or 4 weeks (issue 32): A's service is repeatable (populateTenant).
    'POST /api/series': { date: bookableDate(), time: '15:00', repeatWeeks: 2, vehicleYear: null },
    // The weather move of chosen bookings (decision 1326): from a day to another.
    'POST /api/series/weather-move/preview': { fromDate: bookableDate(), toDate: '2099-01-05' },
    'POST /api/series/weather-move': { fromDate: bookableDate(), toDate: '2099-01-05' },
    'PATCH /api/bookings/:id': {
      date: undefined,
      time: undefined,
      vehicle: null,
      priceCents: undefined,
      priceReason: undefined,
    },
  };
  // Bodies that need a value of A's own rows: the owner's own route order names A's booking on its own day.
  const ROW_OVERRIDES: Record<string, (aIds: Map<string, string[]>) => Promise<Record<string, unknown>>> = {
    'POST /api/routes/evaluate': async (aIds) => {
      const [row] = await t.db
        .select({ at: schema.bookings.scheduledAt, timeZone: schema.profiles.timeZone })
        .from(schema.bookings)
        .innerJoin(schema.profiles, eq(schema.profiles.id, schema.bookings.businessId))
        .where(eq(schema.bookings.id, aIds.get('bookings')![0]!));
      return { date: utcToZoned(row!.at, row!.timeZone).date };
    },
  };
  // Routes that must be among those covered, so that a broken discovery cannot pass silently.
  const MUST_COVER = [
    'POST /api/quotes',
    'POST /api/campaigns',
    'POST /api/bookings',
    'PUT /api/team/assignments/:id',
  ];

  const bodyIdRoutes = ownerRoutes.filter(
    (r) => !isAdmin(r) && r.method !== 'GET' && r.method !== 'DELETE' && idSlots(r).length > 0,
  );
  const bForeignIds = [...bIds, b.userId];

  it('covers the routes whose bodies name records', () => {
    const names = bodyIdRoutes.map((r) => `${r.method} ${r.path}`);
    for (const name of MUST_COVER) expect(names).toContain(name);
  });

  it.each(bodyIdRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: each of B's ids in each body id → 404, nothing changed",
    async (name, route) => {
      const aIds = await tenantIdsByTable(t.db, a.userId);
      const own = (key: string) => {
        if (USER_FIELDS.has(key)) return a.userId;
        const table = TABLE_OF_ROUTE_FIELD[name]?.[key] ?? TABLE_OF_FIELD[key];
        const id = table ? aIds.get(table)?.[0] : undefined;
        if (!id)
          throw new Error(
            `${name}: add the table of body field "${key}" to TABLE_OF_FIELD (or give A a row of it)`,
          );
        return id;
      };
      const rowOverride = (await ROW_OVERRIDES[name]?.(aIds)) ?? {};
      const body = (foreign?: { slot: number; id: string }) => {
        let n = 0;
        const sample = sampleOf(jsonBodySchema(route), (key) =>
          n++ === foreign?.slot ? foreign.id : own(key),
        ) as Record<string, unknown>;
        return { ...sample, ...BODY_OVERRIDES[name], ...rowOverride };
      };
      // A path id of A that the route accepts with A's own body ids: the first that answers 2xx.
      const candidates = route.params.some(isIdParam) ? [...aIds.values()].flat() : [''];
      let path: string | undefined;
      for (const id of candidates) {
        const p = fill(route, id);
        const res = await t.request(p, {
          method: route.method,
          cookie: a.cookie,
          json: body(),
          headers: writeHeaders(route.method),
        });
        if (res.ok) {
          path = p;
          break;
        }
      }
      expect(
        path,
        `${name} never succeeded with A's own ids: give BODY_OVERRIDES a valid body`,
      ).toBeDefined();

      const slots = idSlots(route).length;
      const aBefore = await tenantSnapshot(t.db, a.userId);
      await expectBUnchanged(async () => {
        for (let slot = 0; slot < slots; slot++) {
          for (const id of bForeignIds) {
            counts.foreignBodyIdCalls++;
            const json = body({ slot, id });
            const res = await t.request(path!, {
              method: route.method,
              cookie: a.cookie,
              json,
              headers: writeHeaders(route.method),
            });
            const text = await res.text();
            expect(
              res.status,
              `${route.method} ${path} ${JSON.stringify(json)} → ${res.status} ${text}`,
            ).toBe(404);
            for (const secret of bSecrets) expect(text).not.toContain(secret);
          }
        }
      });
      expect(await tenantSnapshot(t.db, a.userId)).toBe(aBefore);
    },
  );
});

/** The id fields of a route's JSON body, in the order sampleOf fills them. */
function idSlots(route: AppRoute): string[] {
  const keys: string[] = [];
  sampleOf(jsonBodySchema(route), (key) => {
    keys.push(key);
    return crypto.randomUUID();
  });
  return keys;
}

/** A weekday a week or two ahead: inside any business's default hours, notice and horizon. */
function bookableDate() {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The same matrix with API keys (decision 1201): business A's key (read and write) never reaches B's data through
 * /api/v1 — B's ids are 404, B's rows unchanged, B's data in no answer; without a key every route is 401.
 */
describe('the public API with an API key', () => {
  const keyOfA = createApiKey(t.db, a.userId, a.userId, { name: 'Matrix', scopes: ['read', 'write'] });
  const callWithKey = async (route: AppRoute, path: string, key?: string) => {
    const schema = jsonBodySchema(route);
    const json =
      route.method === 'GET' || route.method === 'DELETE'
        ? undefined
        : schema
          ? sampleOf(schema, () => crypto.randomUUID())
          : {};
    const headers = key ? { authorization: `Bearer ${key}` } : undefined;
    return t.request(path, { method: route.method, json, headers });
  };

  it('covers the documented resources', () => {
    const paths = keyRoutes.map((r) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/v1/bookings/:id',
      'GET /api/v1/customers/:id',
      'PATCH /api/v1/customers/:id',
      'GET /api/v1/services/:id',
      'GET /api/v1/invoices/:id',
      'GET /api/v1/quotes/:id',
    ])
      expect(paths).toContain(p);
  });

  it.each(keyRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s without a key is 401',
    async (_n, route) => {
      const res = await callWithKey(route, fill(route, crypto.randomUUID()));
      expect(res.status).toBe(401);
    },
  );

  const withIds = keyRoutes.filter((r) => r.params.some(isIdParam));
  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s with A's key and B's ids: 404, none of B's data, B unchanged",
    async (_n, route) => {
      const { key } = await keyOfA;
      await expectBUnchanged(async () => {
        for (const id of bIds) {
          counts.keyCrossTenantCalls++;
          const res = await callWithKey(route, fill(route, id), key);
          const body = await res.text();
          expect(res.status, `${route.method} ${fill(route, id)} → ${res.status} ${body}`).toBe(404);
          for (const secret of bSecrets) expect(body).not.toContain(secret);
        }
      });
    },
  );

  it.each(
    keyRoutes.filter((r) => r.params.length === 0 && r.method === 'GET').map((r) => [r.path, r] as const),
  )("GET %s with A's key holds A's data and none of B's", async (_n, route) => {
    const { key } = await keyOfA;
    const res = await callWithKey(route, route.path, key);
    expect(res.status).toBe(200);
    const body = await res.text();
    for (const secret of bSecrets) expect(body).not.toContain(secret);
  });
});
