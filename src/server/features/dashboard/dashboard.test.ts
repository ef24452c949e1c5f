import { describe, expect, it } from 'vitest';
import { createBooking, createCustomer, createService, updateProfile } from '../../db/factories';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

async function ownerWithData(
  prices: Array<{ status: 'pending' | 'completed' | 'cancelled' | 'confirmed'; cents: number }>,
) {
  const owner = await t.signUp();
  const service = await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 4500 });
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'C',
    lastName: 'One',
    email: `${owner.userId}@c.test`,
  });
  for (const p of prices) {
    await createBooking(t.db, owner.userId, {
      service,
      customerId: customer.id,
      scheduledAt: new Date(),
      locationAddress: '1 Main St',
      quotedPriceCents: p.cents,
      finalPriceCents: p.status === 'completed' ? p.cents : null,
      status: p.status,
    });
  }
  return owner;
}

describe('GET /api/dashboard', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.request('/api/dashboard');
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe('Please sign in to continue');
  });

  it('sums final prices of completed bookings only and counts pending ones', async () => {
    const owner = await ownerWithData([
      { status: 'completed', cents: 12_050 },
      { status: 'completed', cents: 4_500 },
      { status: 'pending', cents: 9_999 },
      { status: 'pending', cents: 9_999 },
      { status: 'cancelled', cents: 30_000 },
    ]);
    const res = await t.request('/api/dashboard', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.stats).toEqual({
      totalBookings: 5,
      pendingBookings: 2,
      totalRevenueCents: 16_550,
      totalCustomers: 1,
    });
  });

  it("never mixes two owners' numbers", async () => {
    const a = await ownerWithData([{ status: 'completed', cents: 10_000 }]);
    const b = await ownerWithData([
      { status: 'completed', cents: 777 },
      { status: 'pending', cents: 100 },
    ]);
    const statsA = (await (await t.request('/api/dashboard', { cookie: a.cookie })).json()).stats;
    const statsB = (await (await t.request('/api/dashboard', { cookie: b.cookie })).json()).stats;
    expect(statsA).toEqual({
      totalBookings: 1,
      pendingBookings: 0,
      totalRevenueCents: 10_000,
      totalCustomers: 1,
    });
    expect(statsB).toEqual({
      totalBookings: 2,
      pendingBookings: 1,
      totalRevenueCents: 777,
      totalCustomers: 1,
    });
  });

  it('starts a new owner on the starter tier, pending verification, with an empty checklist', async () => {
    const owner = await t.signUp({ firstName: 'Rosa', lastName: 'Diaz', plan: 'starter' });
    const body = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(body.profile).toMatchObject({
      businessName: null,
      firstName: 'Rosa',
      lastName: 'Diaz',
      subscriptionTier: 'starter',
      verificationStatus: 'pending',
    });
    const trialDays = (new Date(body.profile.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect(body.checklist).toEqual({
      accountCreated: true,
      profileComplete: false,
      servicesSetUp: false,
      paymentsConfigured: false,
    });
  });

  it('ticks the checklist from real state', async () => {
    const owner = await t.signUp();
    await updateProfile(t.db, owner.userId, {
      businessName: 'Shiny',
      businessAddress: '1 Main St, Austin, TX',
      phone: '512',
      businessEmail: 'x@y.z',
    });
    await createService(t.db, owner.userId, { name: 'Wash', basePriceCents: 100 });
    const enable = await t.request('/api/dashboard/payments', { method: 'POST', cookie: owner.cookie });
    expect(enable.status).toBe(200);
    const body = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(body.checklist).toEqual({
      accountCreated: true,
      profileComplete: true,
      servicesSetUp: true,
      paymentsConfigured: true,
    });
  });

  it('refuses to enable payments without a business name and email', async () => {
    const owner = await t.signUp();
    const res = await t.request('/api/dashboard/payments', { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/business name and business email/);
  });
});
