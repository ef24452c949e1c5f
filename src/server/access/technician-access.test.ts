import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignBooking, createBooking, createCustomer, createService, grantRole } from '../db/factories';
import { bookings } from '../db/schema';
import { createTestContext } from '../test/harness';
import { appRoutes, fillPath, jsonBodySchema, sampleOf } from '../test/routes';
import {
  TECHNICIAN_CASH_MESSAGE,
  TECHNICIAN_FORBIDDEN_MESSAGE,
  TECHNICIAN_STATUS_MESSAGE,
  technicianMayCall,
} from './technician-access';

// The permission table of decision 1160, walked cell by cell: owner / technician on their own job / technician on
// another's or an unassigned job. Then every signed-in route of the app: a technician gets 403 unless the table
// lets them in.

const t = await createTestContext({ jobs: 'memory' });
const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
const otherTech = await t.signUp({ firstName: 'Tara', lastName: 'Tech' });
await grantRole(t.db, tech.userId, 'technician', owner.userId);
await grantRole(t.db, otherTech.userId, 'technician', owner.userId);
const service = await createService(t.db, owner.userId, { name: 'Premium Detail', basePriceCents: 12000 });
const customer = await createCustomer(t.db, owner.userId, {
  firstName: 'Cora',
  lastName: 'Client',
  email: `cora.${owner.userId}@example.com`,
});

async function job(status: 'confirmed' | 'completed', technicianId: string | null, hoursAhead = 48) {
  const b = await createBooking(t.db, owner.userId, {
    service: { id: service.id, name: service.name, durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() + hoursAhead * 3_600_000),
    locationAddress: '1 Main St, Austin, TX',
    quotedPriceCents: 12000,
    status,
  });
  if (technicianId) await assignBooking(t.db, owner.userId, b.id, technicianId);
  return b;
}

async function invoiceOf(bookingId: string) {
  const res = await t.request(`/api/invoices/from-booking/${bookingId}`, {
    method: 'POST',
    cookie: owner.cookie,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; status: string };
}

type Who = 'owner' | 'own' | 'other';
const cookieOf = (who: Who) => (who === 'owner' ? owner.cookie : tech.cookie);

interface Cell {
  name: string;
  /** The request, built for the job it is tried on (fresh jobs for each column, so a write cannot leak). */
  request: (ids: { booking: string; invoice: string }) => {
    method: string;
    path: string;
    json?: unknown;
    headers?: Record<string, string>;
  };
  expected: Record<Who, number>;
  /** For a refused write: what must still hold afterwards. */
  unchanged?: (ids: { booking: string; invoice: string }) => Promise<void>;
  message?: string;
}

const statusOf = async (id: string) =>
  (
    await t.db
      .select({ s: bookings.status, p: bookings.finalPriceCents })
      .from(bookings)
      .where(eq(bookings.id, id))
  )[0]!;

const TABLE: Cell[] = [
  {
    name: 'list jobs',
    request: () => ({ method: 'GET', path: '/api/bookings' }),
    expected: { owner: 200, own: 200, other: 200 },
  },
  {
    name: 'read a job',
    request: ({ booking }) => ({ method: 'GET', path: `/api/bookings/${booking}` }),
    expected: { owner: 200, own: 200, other: 404 },
  },
  {
    name: 'start a job',
    request: ({ booking }) => ({
      method: 'PATCH',
      path: `/api/bookings/${booking}/status`,
      json: { status: 'in_progress' },
    }),
    expected: { owner: 200, own: 200, other: 404 },
  },
  {
    name: 'cancel a job (refunds a paid one)',
    request: ({ booking }) => ({
      method: 'PATCH',
      path: `/api/bookings/${booking}/status`,
      json: { status: 'cancelled' },
    }),
    // The owner's cancel answers by §4's rules (409 inside the notice window); the technician never reaches them.
    expected: { owner: 409, own: 403, other: 404 },
    message: TECHNICIAN_STATUS_MESSAGE,
    unchanged: async ({ booking }) => expect((await statusOf(booking)).s).toBe('confirmed'),
  },
  {
    name: 'reprice or edit a job',
    request: ({ booking }) => ({
      method: 'PATCH',
      path: `/api/bookings/${booking}`,
      json: { priceCents: 1, priceReason: 'discount' },
    }),
    expected: { owner: 200, own: 403, other: 403 },
    message: TECHNICIAN_FORBIDDEN_MESSAGE,
    unchanged: async ({ booking }) => expect((await statusOf(booking)).p).toBe(12000),
  },
  {
    name: 'create a booking',
    request: () => ({ method: 'POST', path: '/api/bookings', json: {} }),
    expected: { owner: 400, own: 403, other: 403 },
  },
  {
    name: 'read the job’s invoice (pay link)',
    request: ({ invoice }) => ({ method: 'GET', path: `/api/invoices/${invoice}` }),
    expected: { owner: 200, own: 200, other: 404 },
  },
  {
    name: 'record card/check as paid',
    request: ({ invoice }) => ({
      method: 'POST',
      path: `/api/invoices/${invoice}/payments`,
      json: { method: 'check', amountCents: 500 },
    }),
    expected: { owner: 201, own: 403, other: 404 },
    message: TECHNICIAN_CASH_MESSAGE,
  },
  {
    name: 'record cash',
    request: ({ invoice }) => ({
      method: 'POST',
      path: `/api/invoices/${invoice}/payments`,
      json: { method: 'cash', amountCents: 500 },
    }),
    expected: { owner: 201, own: 201, other: 404 },
  },
  {
    name: 'void an invoice',
    request: ({ invoice }) => ({ method: 'POST', path: `/api/invoices/${invoice}/void` }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'refund an invoice',
    request: ({ invoice }) => ({
      method: 'POST',
      path: `/api/invoices/${invoice}/refunds`,
      json: { amountCents: 100 },
    }),
    // The owner reaches the rules (this invoice is not paid); a technician never does (decision 1160).
    expected: { owner: 409, own: 403, other: 403 },
  },
  {
    name: 'owner analytics',
    request: () => ({ method: 'GET', path: '/api/analytics' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'owner analytics reports',
    request: () => ({ method: 'GET', path: '/api/analytics/advanced' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'list invoices',
    request: () => ({ method: 'GET', path: '/api/invoices' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'quotes',
    request: () => ({ method: 'GET', path: '/api/quotes' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'customers',
    request: () => ({ method: 'GET', path: '/api/customers' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'customer detail',
    request: () => ({ method: 'GET', path: `/api/customers/${customer.id}` }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'customer export (a paid feature for the owner)',
    request: () => ({ method: 'GET', path: '/api/customers/export.csv' }),
    expected: { owner: 402, own: 403, other: 403 },
  },
  {
    name: 'dashboard revenue',
    request: () => ({ method: 'GET', path: '/api/dashboard' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'message log',
    request: () => ({ method: 'GET', path: '/api/automations/log' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'promo codes',
    request: () => ({ method: 'GET', path: '/api/promo-codes' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'inventory',
    request: () => ({ method: 'GET', path: '/api/inventory' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'team',
    request: () => ({ method: 'GET', path: '/api/team' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'services',
    request: () => ({ method: 'GET', path: '/api/services' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: "a service's checklist (the owner's)",
    request: () => ({ method: 'GET', path: `/api/services/${service.id}/checklist` }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: "replace a service's checklist",
    request: () => ({
      method: 'PUT',
      path: `/api/services/${service.id}/checklist`,
      json: { items: [{ label: 'Vacuum' }] },
    }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'field app: jobs of a range',
    request: () => ({ method: 'GET', path: '/api/field/jobs?from=2026-11-20&to=2026-11-30' }),
    expected: { owner: 200, own: 200, other: 200 },
  },
  {
    name: 'field app: a job',
    request: ({ booking }) => ({ method: 'GET', path: `/api/field/jobs/${booking}` }),
    expected: { owner: 200, own: 200, other: 404 },
  },
  {
    name: 'field app: a note on a job',
    request: ({ booking }) => ({
      method: 'POST',
      path: `/api/field/jobs/${booking}/notes`,
      json: { deviceTime: new Date().toISOString(), text: 'Gate code 1234' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    expected: { owner: 200, own: 200, other: 404 },
  },
  {
    name: 'field app: check in',
    request: ({ booking }) => ({
      method: 'POST',
      path: `/api/field/jobs/${booking}/check-in`,
      json: { deviceTime: new Date().toISOString() },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    expected: { owner: 200, own: 200, other: 404 },
    unchanged: async ({ booking }) => expect((await statusOf(booking)).s).toBe('confirmed'),
  },
  {
    name: "the booking's field record",
    request: ({ booking }) => ({ method: 'GET', path: `/api/bookings/${booking}/field` }),
    expected: { owner: 200, own: 200, other: 404 },
  },
  {
    name: 'the live board of the day',
    request: () => ({ method: 'GET', path: '/api/field/board?date=2026-11-26' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'settings',
    request: () => ({ method: 'GET', path: '/api/business-profile' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'payouts',
    request: () => ({ method: 'GET', path: '/api/payouts/account' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'scheduling read (hours and time zone), not its writes',
    request: () => ({ method: 'GET', path: '/api/scheduling' }),
    expected: { owner: 200, own: 200, other: 200 },
  },
  {
    name: 'their shift (clock in and out from the field app)',
    request: () => ({ method: 'GET', path: '/api/field/shift' }),
    expected: { owner: 200, own: 200, other: 200 },
  },
  {
    name: 'timesheets: their own hours',
    request: () => ({ method: 'GET', path: '/api/timesheets' }),
    expected: { owner: 200, own: 200, other: 200 },
  },
  {
    name: 'timesheets: correct an entry',
    request: () => ({
      method: 'PATCH',
      path: `/api/timesheets/entries/${crypto.randomUUID()}`,
      json: { endedAt: '2026-11-01T10:00:00Z', reason: 'late' },
    }),
    expected: { owner: 404, own: 403, other: 403 },
  },
  {
    name: 'timesheets: the payroll export',
    request: () => ({ method: 'GET', path: '/api/timesheets/export.csv' }),
    expected: { owner: 200, own: 403, other: 403 },
  },
  {
    name: 'billing (role and plan only)',
    request: () => ({ method: 'GET', path: '/api/billing' }),
    expected: { owner: 200, own: 200, other: 200 },
  },
];

describe('the technician permission table (decision 1160)', () => {
  for (const cell of TABLE) {
    it(cell.name, async () => {
      for (const who of ['owner', 'own', 'other'] as const) {
        // A confirmed job for the status cells, a completed one with an invoice for the invoice cells.
        const assignee = who === 'own' ? tech.userId : who === 'other' ? otherTech.userId : tech.userId;
        const open = await job('confirmed', assignee);
        const done = await job('completed', assignee, -24);
        const ids = { booking: open.id, invoice: (await invoiceOf(done.id)).id };
        const { method, path, json, headers } = cell.request(ids);
        const res = await t.request(path, { method, cookie: cookieOf(who), json, headers });
        expect([cell.name, who, res.status]).toEqual([cell.name, who, cell.expected[who]]);
        if (res.status === 403 && cell.message) expect((await res.json()).error.message).toBe(cell.message);
        if (res.status >= 400 && cell.unchanged) await cell.unchanged(ids);
      }
    });
  }

  it('an unassigned job is not visible to a technician', async () => {
    const unassigned = await job('confirmed', null, 2);
    expect((await t.request(`/api/bookings/${unassigned.id}`, { cookie: tech.cookie })).status).toBe(404);
    const list = await (
      await t.request('/api/bookings?technicianId=unassigned', { cookie: tech.cookie })
    ).json();
    expect(list.items.map((b: { id: string }) => b.id)).not.toContain(unassigned.id);
  });

  it("a technician's lists hold only their own jobs, whatever technician they ask for", async () => {
    const mine = await job('confirmed', tech.userId, 72);
    const theirs = await job('confirmed', otherTech.userId, 72);
    for (const q of ['', `technicianId=${otherTech.userId}`]) {
      // Every page: the table's cells above leave this technician more jobs than one page holds.
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const params = [q, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
        const page = await (await t.request(`/api/bookings?${params}`, { cookie: tech.cookie })).json();
        ids.push(...page.items.map((b: { id: string }) => b.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).not.toContain(theirs.id);
      if (!q) expect(ids).toContain(mine.id);
    }
  });
});

describe('every signed-in route of the app, as a technician', () => {
  it('answers 403 unless the table lets a technician in', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    // The public API answers to API keys, never to a session (decision 1201): a technician's cookie is no key there.
    const routes = appRoutes(t.app, doc).filter(
      (r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/') && !r.path.startsWith('/api/v1/'),
    );
    let refused = 0;
    for (const route of routes) {
      const path = fillPath(route, (name) => (/^id$|Id$/.test(name) ? crypto.randomUUID() : '78701'));
      const schema = jsonBodySchema(route);
      const json =
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : schema
            ? sampleOf(schema, () => crypto.randomUUID())
            : {};
      // Routes a signed-out caller may use (the public site, token pages, webhooks) are not a technician's question.
      const signedOut = await t.request(path, { method: route.method, json });
      if (signedOut.status !== 401) continue;
      const res = await t.request(path, { method: route.method, cookie: tech.cookie, json });
      if (technicianMayCall(route.method, path)) {
        expect([route.method, route.path, res.status]).not.toEqual([route.method, route.path, 403]);
      } else {
        expect([route.method, route.path, res.status]).toEqual([route.method, route.path, 403]);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(80);
  });

  it('a technician cannot manage API keys, and their cookie opens no /api/v1 route', async () => {
    const res = await t.request('/api/api-keys', { cookie: tech.cookie });
    expect(res.status).toBe(403);
    expect((await t.request('/api/v1/bookings', { cookie: tech.cookie })).status).toBe(401);
  });
});
