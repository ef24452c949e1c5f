import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REWARDS, LOYALTY_TEXT } from '../../../shared/loyalty.schemas';
import { createBooking, createCustomer, createService, updateProfile } from '../../db/factories';
import { customers, loyaltyTransactions } from '../../db/schema';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();

async function proOwner() {
  const owner = await t.signUp();
  await updateProfile(t.db, owner.userId, { subscriptionTier: 'pro' });
  return owner;
}

async function ownerWithCustomer() {
  const owner = await proOwner();
  const customer = await createCustomer(t.db, owner.userId, {
    firstName: 'Jordan',
    lastName: 'Reyes',
    email: `jordan.${owner.userId}@example.com`,
  });
  return { owner, customer };
}

const adjust = (cookie: string, json: unknown) =>
  t.request('/api/loyalty/adjustments', { method: 'POST', cookie, json });
const get = (cookie: string, path: string) => t.request(`/api/loyalty${path}`, { cookie });

async function ledgerSum(customerId: string) {
  const [row] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${loyaltyTransactions.points}), 0)`.mapWith(Number) })
    .from(loyaltyTransactions)
    .where(eq(loyaltyTransactions.customerId, customerId));
  const [c] = await t.db
    .select({ points: customers.loyaltyPoints })
    .from(customers)
    .where(eq(customers.id, customerId));
  return { sum: row!.sum, points: c!.points };
}

describe('/api/loyalty access', () => {
  it('answers 401 to every route when signed out', async () => {
    for (const path of ['/summary', '/customers', '/transactions', '/rewards']) {
      expect((await t.request(`/api/loyalty${path}`)).status).toBe(401);
    }
    expect((await t.request('/api/loyalty/adjustments', { method: 'POST', json: {} })).status).toBe(401);
    expect((await t.request('/api/loyalty/rewards', { method: 'POST', json: {} })).status).toBe(401);
  });
});

describe('Adjust Points', () => {
  it('adds and redeems points, recomputing the tier after every change (§4)', async () => {
    const { owner, customer } = await ownerWithCustomer();
    let res = await adjust(owner.cookie, {
      customerId: customer.id,
      points: 250,
      type: 'earned',
      description: 'Welcome bonus',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ loyaltyPoints: 250, loyaltyTier: 'silver' });
    res = await adjust(owner.cookie, {
      customerId: customer.id,
      points: 300,
      type: 'earned',
      description: 'Referral',
    });
    expect(await res.json()).toMatchObject({ loyaltyPoints: 550, loyaltyTier: 'gold' });
    res = await adjust(owner.cookie, {
      customerId: customer.id,
      points: 100,
      type: 'redeemed',
      description: '10% Off',
    });
    expect(await res.json()).toMatchObject({ loyaltyPoints: 450, loyaltyTier: 'silver' });

    // The customers list and detail read the same numbers.
    const list = await (await t.request('/api/customers', { cookie: owner.cookie })).json();
    expect(list.items[0]).toMatchObject({ loyaltyPoints: 450, loyaltyTier: 'silver' });
    const detail = await (await t.request(`/api/customers/${customer.id}`, { cookie: owner.cookie })).json();
    expect(detail.customer).toMatchObject({ loyaltyPoints: 450, loyaltyTier: 'silver' });

    const tx = await (await get(owner.cookie, '/transactions')).json();
    expect(tx.items.map((i: { points: number; type: string }) => [i.type, i.points])).toEqual([
      ['redeemed', -100],
      ['earned', 300],
      ['earned', 250],
    ]);
    expect(tx.items[0]).toMatchObject({
      customerName: 'Jordan Reyes',
      description: '10% Off',
      source: 'owner',
      balanceAfter: 450,
    });
    expect(await ledgerSum(customer.id)).toEqual({ sum: 450, points: 450 });

    const summary = await (await get(owner.cookie, '/summary')).json();
    expect(summary).toEqual({
      totalMembers: 1,
      pointsIssued: 550,
      pointsRedeemed: 100,
      avgPointsPerCustomer: 450,
    });
  });

  it('refuses a redemption larger than the balance with a clear message, changing nothing', async () => {
    const { owner, customer } = await ownerWithCustomer();
    await adjust(owner.cookie, { customerId: customer.id, points: 40, type: 'earned', description: 'Bonus' });
    const res = await adjust(owner.cookie, {
      customerId: customer.id,
      points: 41,
      type: 'redeemed',
      description: 'Too much',
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('Jordan Reyes has only 40 points; 41 cannot be redeemed');
    expect(await ledgerSum(customer.id)).toEqual({ sum: 40, points: 40 });
  });

  it.each([
    [{ points: 5, type: 'earned', description: 'x' }, LOYALTY_TEXT.required],
    [{ customerId: 'c', type: 'earned', description: 'x' }, LOYALTY_TEXT.required],
    [{ customerId: 'c', points: 5, type: 'earned', description: '  ' }, LOYALTY_TEXT.required],
    [{ customerId: 'c', points: 5, type: 'earned' }, LOYALTY_TEXT.required],
    [{ customerId: 'c', points: 2.5, type: 'earned', description: 'x' }, LOYALTY_TEXT.wholePoints],
    [{ customerId: 'c', points: 0, type: 'earned', description: 'x' }, LOYALTY_TEXT.wholePoints],
  ])('§5: %j → %s', async (payload, message) => {
    const { owner, customer } = await ownerWithCustomer();
    const res = await adjust(owner.cookie, {
      ...payload,
      customerId: 'customerId' in payload ? customer.id : undefined,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it("answers 404 for another business's customer or a malformed id, writing nothing", async () => {
    const { customer } = await ownerWithCustomer();
    const other = await proOwner();
    for (const customerId of [customer.id, 'not-a-uuid']) {
      const res = await adjust(other.cookie, { customerId, points: 10, type: 'earned', description: 'x' });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('Customer not found');
    }
    expect(await ledgerSum(customer.id)).toEqual({ sum: 0, points: 0 });
  });

  it('keeps the ledger append-only and the balance non-negative in the database itself', async () => {
    const { owner, customer } = await ownerWithCustomer();
    await adjust(owner.cookie, { customerId: customer.id, points: 10, type: 'earned', description: 'x' });
    await expect(t.db.update(loyaltyTransactions).set({ points: 1000 })).rejects.toThrow();
    await expect(
      t.db.delete(loyaltyTransactions).where(eq(loyaltyTransactions.customerId, customer.id)),
    ).rejects.toThrow();
    await expect(
      t.db.insert(loyaltyTransactions).values({
        businessId: owner.userId,
        customerId: customer.id,
        type: 'redeemed',
        source: 'owner',
        points: -11,
        description: 'bypassing the service',
      }),
    ).rejects.toThrow();
    await expect(
      t.db.update(customers).set({ loyaltyPoints: -1 }).where(eq(customers.id, customer.id)),
    ).rejects.toThrow();
    expect(await ledgerSum(customer.id)).toEqual({ sum: 10, points: 10 });
    // Deleting the customer takes their ledger with them (foreign-key cascade is allowed).
    expect(
      (await t.request(`/api/customers/${customer.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBeLessThan(300);
    expect(
      await t.db.select().from(loyaltyTransactions).where(eq(loyaltyTransactions.customerId, customer.id)),
    ).toEqual([]);
  });

  it('ranks customers by points with keyset pages and search', async () => {
    const owner = await proOwner();
    for (const [i, name] of ['Ann', 'Bob', 'Cid'].entries()) {
      const c = await createCustomer(t.db, owner.userId, {
        firstName: name,
        lastName: 'Lee',
        email: `${name}.${owner.userId}@x.com`,
      });
      await adjust(owner.cookie, {
        customerId: c.id,
        points: (i + 1) * 100,
        type: 'earned',
        description: 'x',
      });
    }
    const first = await (await get(owner.cookie, '/customers?limit=2')).json();
    expect(first.items.map((c: { firstName: string }) => c.firstName)).toEqual(['Cid', 'Bob']);
    const second = await (await get(owner.cookie, `/customers?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ items: [{ firstName: 'Ann', loyaltyPoints: 100 }], nextCursor: null });
    const found = await (await get(owner.cookie, '/customers?q=bob')).json();
    expect(found.items.map((c: { firstName: string }) => c.firstName)).toEqual(['Bob']);
  });
});

describe('earning on completion', () => {
  async function completedFlow(priceCents: number) {
    const { owner, customer } = await ownerWithCustomer();
    const service = await createService(t.db, owner.userId, {
      name: 'Premium Detail',
      basePriceCents: priceCents,
    });
    const booking = await createBooking(t.db, owner.userId, {
      service,
      customerId: customer.id,
      scheduledAt: new Date(Date.now() - 3_600_000),
      locationAddress: '1 Main St',
      quotedPriceCents: priceCents,
      status: 'in_progress',
    });
    return { owner, customer, booking };
  }
  const complete = (cookie: string, id: string) =>
    t.request(`/api/bookings/${id}/status`, { method: 'PATCH', cookie, json: { status: 'completed' } });

  it('earns 1 point per whole $5 of the final price, once even when completed twice at once', async () => {
    const { owner, customer, booking } = await completedFlow(12_999);
    const results = await Promise.all([
      complete(owner.cookie, booking.id),
      complete(owner.cookie, booking.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await complete(owner.cookie, booking.id)).status).toBe(409);
    expect(await ledgerSum(customer.id)).toEqual({ sum: 25, points: 25 });
    const tx = await (await get(owner.cookie, '/transactions')).json();
    expect(tx.items).toMatchObject([
      { type: 'earned', source: 'booking', points: 25, bookingId: booking.id },
    ]);
  });

  it('refuses a second earned entry for one booking in the database (partial unique index)', async () => {
    const { owner, customer, booking } = await completedFlow(5000);
    await complete(owner.cookie, booking.id);
    await expect(
      t.db.insert(loyaltyTransactions).values({
        businessId: owner.userId,
        customerId: customer.id,
        type: 'earned',
        source: 'booking',
        points: 10,
        description: 'again',
        bookingId: booking.id,
      }),
    ).rejects.toThrow();
    expect(await ledgerSum(customer.id)).toEqual({ sum: 10, points: 10 });
  });
});

describe('rewards', () => {
  it('gives every new business the four seeded rewards of §9', async () => {
    const owner = await proOwner();
    const res = await get(owner.cookie, '/rewards');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.items).toHaveLength(4);
    expect(body.nextCursor).toBeNull();
    expect(
      body.items.map((r: { name: string; pointsRequired: number; valueCents: number; category: string }) => [
        r.name,
        r.pointsRequired,
        r.valueCents,
        r.category,
      ]),
    ).toEqual(
      [...DEFAULT_REWARDS]
        .sort((a, b) => a.pointsRequired - b.pointsRequired)
        .map((r) => [r.name, r.pointsRequired, r.valueCents, r.category]),
    );
  });

  it('creates, edits and deactivates a reward; another business gets 404', async () => {
    const owner = await proOwner();
    const payload = {
      name: 'Free Tire Shine',
      description: 'Shiny',
      pointsRequired: 75,
      valueCents: 1250,
      category: 'service',
    };
    const created = await t.request('/api/loyalty/rewards', {
      method: 'POST',
      cookie: owner.cookie,
      json: payload,
    });
    expect(created.status).toBe(201);
    const reward = await created.json();
    expect(reward).toMatchObject({ ...payload, isActive: true });

    const edited = await t.request(`/api/loyalty/rewards/${reward.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      json: { ...payload, pointsRequired: 80, isActive: false },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ pointsRequired: 80, isActive: false });

    const other = await proOwner();
    for (const id of [reward.id, 'nope']) {
      const res = await t.request(`/api/loyalty/rewards/${id}`, {
        method: 'PUT',
        cookie: other.cookie,
        json: payload,
      });
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('Reward not found');
    }
    const otherList = await (await get(other.cookie, '/rewards')).json();
    expect(otherList.items.map((r: { id: string }) => r.id)).not.toContain(reward.id);
  });

  it.each([
    [{ description: 'x', pointsRequired: 10, valueCents: 100, category: 'product' }, LOYALTY_TEXT.required],
    [{ name: 'A', description: 'x', valueCents: 100, category: 'product' }, LOYALTY_TEXT.required],
    [{ name: 'A', description: 'x', pointsRequired: 10, category: 'product' }, LOYALTY_TEXT.required],
    [{ name: 'A', pointsRequired: 1.5, valueCents: 100, category: 'product' }, LOYALTY_TEXT.wholePoints],
  ])('§5 New Reward: %j → %s', async (payload, message) => {
    const owner = await proOwner();
    const res = await t.request('/api/loyalty/rewards', {
      method: 'POST',
      cookie: owner.cookie,
      json: payload,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });
});
