import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { type AppRoute, appRoutes, fillPath, jsonBodySchema, sampleOf } from '../test/routes';
import { populateTenant, tenantIds, tenantSnapshot } from '../test/tenants';

/**
 * Tenant isolation over EVERY route of the app's router (a route added later is covered without editing this file):
 * business A calls each owner route with each of business B's ids and must get 403/404 without a byte of B's data
 * and without changing B's rows; signed out, every owner route is 401; a non-admin gets 403 on every admin route;
 * a malformed id is 404.
 */

// Routes anyone may call ("METHOD /path"), each with the reason. Every other /api route must refuse a signed-out caller.
const PUBLIC_ROUTES: Array<[RegExp, string]> = [
  [/^\w+ \/api\/public\//, 'the public site: availability, waitlist, contact form, promo check, loyalty one-time codes'],
  [/^\w+ \/api\/booking\//, 'the customer booking flow, used without an account'],
  [/^\w+ \/api\/auth\//, 'better-auth: sign-in, sign-up, password reset'],
  [/^\w+ \/api\/webhooks\//, "Stripe's webhooks: authenticated by their signature, not by a session"],
  [/^GET \/api\/health$/, 'the load balancer health check'],
  [/^GET \/api\/openapi\.json$/, 'the API description'],
  [/^GET \/api\/invitations\/:token$/, 'a team invitation, shown by its unguessable token before the invitee has an account'],
  [/^(GET|POST) \/api\/messaging\/unsubscribe\/:id$/, 'one-click unsubscribe (RFC 8058) by the unguessable message id in the email'],
  [/^GET \/api\/messaging\/(open\/:id|click\/:id\/:n)$/, "email open pixel and click redirect, by the message's unguessable id"],
  [/^\w+ \/api\/manage\/:token(\/(slots|reschedule|cancel))?$/, "the customer's self-service reschedule/cancel page, by the booking's unguessable token"],
  [/^\w+ \/api\/reviews\/:token$/, "the customer's review page, by the completed booking's unguessable review token"],
  [/^POST \/api\/messaging\/sms\/inbound$/, "Twilio's inbound SMS webhook: authenticated by its signature, not by a session"],
];
const isPublic = (r: AppRoute) => PUBLIC_ROUTES.some(([re]) => re.test(`${r.method} ${r.path}`));
const isAdmin = (r: AppRoute) => r.path.startsWith('/api/admin/');
// Path parameters naming a record (`:id`, `:serviceId`…); others (a zip code) are filled with a plain value.
const isIdParam = (name: string) => /^id$|Id$/.test(name);
const fill = (route: AppRoute, id: string) => fillPath(route, (name) => (isIdParam(name) ? id : '78701'));

// Jobs wait in memory: a route that queues work (a service area launch) must still answer 404 first.
const t = await createTestContext({ jobs: 'memory' });
const doc = await (await t.request('/api/openapi.json')).json();
const routes = appRoutes(t.app, doc).filter((r) => r.path.startsWith('/api/'));
const ownerRoutes = routes.filter((r) => !isPublic(r));

const a = await t.signUp({ firstName: 'Alpha', lastName: 'Owner' });
const b = await t.signUp({ firstName: 'Bravo', lastName: 'Owner' });
const MARKER = 'Bravozulu';
await populateTenant(t.db, a.userId, 'Alphayankee');
await populateTenant(t.db, b.userId, MARKER);
const bIds = await tenantIds(t.db, b.userId);
const bSecrets = [MARKER, b.email, ...bIds];

function call(route: AppRoute, path: string, cookie?: string, uuid: () => string = () => crypto.randomUUID()) {
  const schema = jsonBodySchema(route);
  const json = route.method === 'GET' || route.method === 'DELETE' ? undefined : schema ? sampleOf(schema, uuid) : {};
  return t.request(path, { method: route.method, cookie, json });
}

const counts = { routes: routes.length, owner: ownerRoutes.length, crossTenantCalls: 0 };
afterAll(() => {
  console.info(`isolation matrix: ${counts.routes} /api routes, ${counts.owner} owner routes, ${counts.crossTenantCalls} cross-tenant calls`);
});

describe('the route list', () => {
  it('comes from the router and includes the documented owner routes', () => {
    expect(ownerRoutes.length).toBeGreaterThan(30);
    const paths = ownerRoutes.map((r) => `${r.method} ${r.path}`);
    for (const p of ['GET /api/customers/:id', 'PATCH /api/services/:id', 'DELETE /api/inventory/:id', 'GET /api/admin/outbox']) {
      expect(paths.some((x) => x.startsWith(p))).toBe(true);
    }
    expect(bIds.length).toBeGreaterThanOrEqual(7);
  });
});

describe('signed out', () => {
  it.each(ownerRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 401', async (_name, route) => {
    const res = await call(route, fill(route, crypto.randomUUID()));
    expect(res.status).toBe(401);
  });
});

describe('a signed-in owner who is not an admin', () => {
  it.each(routes.filter(isAdmin).map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 403', async (_name, route) => {
    const res = await call(route, fill(route, bIds[0]!), a.cookie);
    expect(res.status).toBe(403);
  });
});

describe("business A with business B's ids", () => {
  const withIds = ownerRoutes.filter((r) => r.params.some(isIdParam) && !isAdmin(r));

  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: 403/404, none of B\'s data, B unchanged', async (_name, route) => {
    const before = await tenantSnapshot(t.db, b.userId);
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
    expect(await tenantSnapshot(t.db, b.userId)).toBe(before);
  });

  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: a malformed id is 404', async (_name, route) => {
    const res = await call(route, fill(route, 'not-a-uuid'), a.cookie);
    expect(res.status, await res.clone().text()).toBe(404);
  });
});

describe("business A's lists and reads without ids", () => {
  it.each(ownerRoutes.filter((r) => r.params.length === 0 && r.method === 'GET' && !isAdmin(r)).map((r) => [r.path, r] as const))(
    'GET %s holds none of B\'s data',
    async (_name, route) => {
      const res = await call(route, route.path, a.cookie);
      expect(res.status).toBeLessThan(500);
      const body = await res.text();
      for (const secret of bSecrets) expect(body).not.toContain(secret);
    },
  );
});
