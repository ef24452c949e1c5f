import { describe, expect, it } from 'vitest';
import { LAPSED_MESSAGE, upgradeMessage } from '../../../shared/plan-features';
import { TECHNICIAN_FORBIDDEN_MESSAGE } from '../../access/technician-access';
import {
  assignBooking,
  createBooking,
  createCustomer,
  createInventoryItem,
  createService,
  grantRole,
  updateProfile,
} from '../../db/factories';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

/** An owner with a customer and a booking, and a technician who belongs to that business. */
async function businessWithTechnician() {
  const owner = await t.signUp({ firstName: 'Olive', lastName: 'Owner' });
  const service = await createService(t.db, owner.userId, { name: 'Premium Detail', basePriceCents: 12000 });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Cora',
    lastName: 'Client',
    email: `cora.${owner.userId}@example.com`,
  });
  const booking = await createBooking(t.db, owner.userId, {
    service: { id: service.id, name: service.name, durationMinutes: 60 },
    customerId: customer.id,
    scheduledAt: new Date(Date.now() + 48 * 3_600_000),
    locationAddress: '1 Main St, Austin, TX',
    quotedPriceCents: 12000,
  });
  const tech = await t.signUp({ firstName: 'Theo', lastName: 'Tech' });
  await grantRole(t.db, tech.userId, 'technician', owner.userId);
  await assignBooking(t.db, owner.userId, booking.id, tech.userId);
  return { owner, tech, service, customer, booking };
}

describe("the session's business", () => {
  it("a technician reads the business's jobs assigned to them and their customer's contact, not their own empty business", async () => {
    const { tech, customer, booking } = await businessWithTechnician();
    const bookings = await (await t.request('/api/bookings', { cookie: tech.cookie })).json();
    expect(bookings.items.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    const job = await (await t.request(`/api/bookings/${booking.id}`, { cookie: tech.cookie })).json();
    expect(job.customer).toMatchObject({ id: customer.id, email: customer.email });
    // The customer base itself is the owner's (decision 1160).
    expect((await t.request('/api/customers', { cookie: tech.cookie })).status).toBe(403);
  });

  it('a technician sees nothing of another business (404 for its ids)', async () => {
    const { tech } = await businessWithTechnician();
    const other = await businessWithTechnician();
    const res = await t.request(`/api/bookings/${other.booking.id}`, { cookie: tech.cookie });
    expect(res.status).toBe(404);
    const status = await t.request(`/api/bookings/${other.booking.id}/status`, {
      method: 'PATCH',
      cookie: tech.cookie,
      json: { status: 'confirmed' },
    });
    expect(status.status).toBe(404);
  });

  it('a technician moves their own job forward', async () => {
    const { owner, tech, booking } = await businessWithTechnician();
    const confirm = await t.request(`/api/bookings/${booking.id}/status`, {
      method: 'PATCH',
      cookie: owner.cookie,
      json: { status: 'confirmed' },
    });
    expect(confirm.status).toBe(200);
    const res = await t.request(`/api/bookings/${booking.id}/status`, {
      method: 'PATCH',
      cookie: tech.cookie,
      json: { status: 'in_progress' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('in_progress');
  });

  it('every owner-only write answers 403 with a clear message for a technician, and works for the owner', async () => {
    const { owner, tech, service, customer } = await businessWithTechnician();
    const item = await createInventoryItem(t.db, owner.userId, { name: 'Wax', currentStock: 3 });
    const writes: [string, string, unknown][] = [
      ['POST', '/api/services', { name: 'Wash', basePriceCents: 3000 }],
      ['PATCH', `/api/services/${service.id}`, { basePriceCents: 99 }],
      ['DELETE', `/api/services/${service.id}`, undefined],
      ['PUT', '/api/business-profile', { businessName: 'Taken over' }],
      ['POST', '/api/business-profile/business-page', undefined],
      ['POST', '/api/inventory', { name: 'Soap' }],
      ['POST', `/api/inventory/${item.id}/adjust`, { delta: -1 }],
      ['PUT', `/api/inventory/service-usage/${service.id}`, { items: [] }],
      ['POST', '/api/service-areas', { zipCode: '78701' }],
      ['POST', '/api/marketing/pages', { cities: [] }],
      ['POST', '/api/customers', { firstName: 'A', lastName: 'B', email: 'a@b.co' }],
      ['DELETE', `/api/customers/${customer.id}`, undefined],
      ['POST', '/api/dashboard/payments', undefined],
      ['PUT', '/api/billing/plan', { plan: 'elite' }],
    ];
    for (const [method, path, json] of writes) {
      const res = await t.request(path, { method, cookie: tech.cookie, json });
      expect([method, path, res.status]).toEqual([method, path, 403]);
      expect((await res.json()).error.message).toBe(TECHNICIAN_FORBIDDEN_MESSAGE);
    }
    // Nothing changed behind the 403s.
    const services = await (await t.request('/api/services', { cookie: owner.cookie })).json();
    expect(services.items.map((s: { basePriceCents: number }) => s.basePriceCents)).toEqual([12000]);
    const plan = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(plan.plan).toBe('pro');
    // The owner's own writes still pass the guard.
    const own = await t.request('/api/services', {
      method: 'POST',
      cookie: owner.cookie,
      json: { name: 'Wash', basePriceCents: 3000, durationMinutes: 60 },
    });
    expect(own.status).toBe(201);
  });

  it('billing tells a technician whose business they work in, without its charges', async () => {
    const { tech } = await businessWithTechnician();
    const res = await t.request('/api/billing', { cookie: tech.cookie });
    expect(await res.json()).toMatchObject({
      memberRole: 'technician',
      plan: 'pro',
      seats: { used: 2, limit: 3 },
      charges: [],
    });
  });
});

describe('plans and gating', () => {
  it('Starter answers 402 on every inventory route, reads included; Pro works', async () => {
    const starter = await t.signUp({ plan: 'starter' });
    for (const [method, path] of [
      ['GET', '/api/inventory'],
      ['POST', '/api/inventory'],
      ['GET', '/api/inventory/movements'],
      ['GET', '/api/inventory/purchase-order.csv'],
    ] as const) {
      const res = await t.request(path, {
        method,
        cookie: starter.cookie,
        json: method === 'POST' ? { name: 'Soap' } : undefined,
      });
      expect([path, res.status]).toEqual([path, 402]);
      expect((await res.json()).error.message).toBe(upgradeMessage('inventory'));
    }
    expect(upgradeMessage('inventory')).toBe(
      'Inventory is part of the Pro plan. Upgrade on the Billing page to use it.',
    );
    const pro = await t.signUp({ plan: 'pro' });
    expect((await t.request('/api/inventory', { cookie: pro.cookie })).status).toBe(200);
  });

  it('a lapsed subscription keeps gated data readable and blocks gated writes', async () => {
    const owner = await t.signUp({ plan: 'pro' });
    await createInventoryItem(t.db, owner.userId, { name: 'Wax', currentStock: 3 });
    await updateProfile(t.db, owner.userId, {
      subscriptionActive: false,
      trialEndsAt: new Date(Date.now() - 1000),
    });
    const read = await t.request('/api/inventory', { cookie: owner.cookie });
    expect(read.status).toBe(200);
    expect((await read.json()).items).toHaveLength(1);
    const write = await t.request('/api/inventory', {
      method: 'POST',
      cookie: owner.cookie,
      json: { name: 'Soap' },
    });
    expect(write.status).toBe(402);
    expect((await write.json()).error.message).toBe(LAPSED_MESSAGE);
    const billing = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(billing).toMatchObject({ state: 'lapsed', trialDaysLeft: 0 });
  });

  it('a new sign-up is on a 14-day Starter trial; a test-mode plan change is recorded at once', async () => {
    const owner = await t.signUp({ plan: 'starter' });
    const before = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(before).toMatchObject({
      plan: 'starter',
      state: 'trialing',
      trialDaysLeft: 14,
      memberRole: 'owner',
      seats: { used: 1, limit: 1 },
      mode: 'test',
    });
    const res = await t.request('/api/billing/plan', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { plan: 'pro' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ plan: 'pro', seats: { used: 1, limit: 3 } });
    expect((await t.request('/api/inventory', { cookie: owner.cookie })).status).toBe(200);
    const bad = await t.request('/api/billing/plan', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { plan: 'gold' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Choose a plan');
  });

  it('refuses a downgrade that would exceed the seats until members are removed', async () => {
    const { owner } = await businessWithTechnician();
    const res = await t.request('/api/billing/plan', {
      method: 'PUT',
      cookie: owner.cookie,
      json: { plan: 'starter' },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      'The Starter plan includes 1 user, counting you and pending invitations. Remove a member or upgrade your plan.',
    );
    const billing = await (await t.request('/api/billing', { cookie: owner.cookie })).json();
    expect(billing.plan).toBe('pro');
  });

  it('answers 401 signed out', async () => {
    expect((await t.request('/api/billing')).status).toBe(401);
    expect((await t.request('/api/billing/plan', { method: 'PUT', json: { plan: 'pro' } })).status).toBe(401);
  });
});
