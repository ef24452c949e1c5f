import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, checkoutSessions, customers, loyaltyTransactions, planMembers } from '../../db/schema';
import { signedTokenId } from '../../http/tokens';
import { createTestContext } from '../../test/harness';
import { bookableBusiness, bookingForm, daysAhead } from '../bookings/book/booking.fixtures';
import { newManageToken } from '../campaigns/automations/customer-links';
import { creditBalance, holdByMember, payTestMembership } from './members.service';

const t = await createTestContext();

/** A bookable business with a wash (included) and a full detail (not), and a plan of one wash a month, 20% off. */
async function setup(planOverrides: Record<string, unknown> = {}) {
  const owner = await t.signUp();
  const [wash, detail] = await bookableBusiness(t.db, owner.userId, [
    { name: 'Maintenance Wash', basePriceCents: 6000, durationMinutes: 60 },
    { name: 'Full Detail', basePriceCents: 20000, durationMinutes: 120 },
  ]);
  const res = await t.request('/api/memberships/plans', {
    method: 'POST',
    cookie: owner.cookie,
    json: {
      name: 'Monthly Wash',
      monthlyPriceCents: 5000,
      includedCredits: 1,
      creditPeriod: 'month',
      discountPercent: 20,
      holdAllowed: true,
      maxHoldMonths: 2,
      vehicleTypes: ['sedan', 'suv'],
      includedServiceIds: [wash!.id],
      ...planOverrides,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const plan = await res.json();
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const joined = await t.request('/api/public/memberships/join', {
    method: 'POST',
    json: { planId: plan.id, name: 'Morgan Member', email, phone: '', vehicles: 1 },
  });
  expect(joined.status).toBe(200);
  const token = (await joined.json()).url.split('/membership/')[1] as string;
  await payTestMembership(t.deps, token, new Date());
  const memberId = signedTokenId(t.deps.linkSecret, 'membership', token)!;
  return { owner, wash: wash!, detail: detail!, plan, token, memberId, email };
}

const book = (body: Record<string, unknown>) =>
  t.request('/api/booking/create-payment', { method: 'POST', json: bookingForm(body) });

describe('plan members book with credits on /book', () => {
  it('an included service costs nothing, spends one credit and books at once; the member page shows what is left', async () => {
    const s = await setup();
    expect(await creditBalance(t.db, s.memberId)).toBe(1);
    const res = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      email: s.email,
      memberToken: s.token,
      tip: { kind: 'percent', percent: 20 },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.amountCents).toBe(0);
    const [checkout] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, body.sessionId));
    expect(checkout).toMatchObject({ status: 'completed', tipCents: 0, amountCents: 0 });
    expect(await creditBalance(t.db, s.memberId)).toBe(0);
    const page = await (await t.request(`/api/public/memberships/member/${s.token}`)).json();
    expect(page.credits).toBe(0);
    expect(page.businessId).toBe(s.owner.userId);

    // No credit left: the included service is charged at the plan's discount, through the checkout.
    const second = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      email: s.email,
      memberToken: s.token,
      date: daysAhead(8),
    });
    expect(second.status).toBe(200);
    expect((await second.json()).amountCents).toBe(4800);
    expect(await creditBalance(t.db, s.memberId)).toBe(0);
  });

  it('another service gets the plan discount and spends no credit', async () => {
    const s = await setup();
    const res = await book({
      businessId: s.owner.userId,
      serviceId: s.detail.id,
      email: s.email,
      memberToken: s.token,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).amountCents).toBe(16000);
    expect(await creditBalance(t.db, s.memberId)).toBe(1);
  });

  it('a vehicle type the plan does not cover pays the discounted price', async () => {
    const s = await setup();
    const res = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      email: s.email,
      memberToken: s.token,
      vehicleType: 'truck',
    });
    expect(res.status).toBe(200);
    expect(await creditBalance(t.db, s.memberId)).toBe(1);
  });

  it('a held plan books nothing with its link; a forged or another business’s link is 404', async () => {
    const s = await setup();
    const other = await setup();
    const forged = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      memberToken: 'not-a-token',
    });
    expect(forged.status).toBe(404);
    const cross = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      memberToken: other.token,
    });
    expect(cross.status).toBe(404);
    await holdByMember(t.deps, s.token, 1);
    const held = await book({ businessId: s.owner.userId, serviceId: s.wash.id, memberToken: s.token });
    expect(held.status).toBe(409);
    expect(JSON.stringify(await held.json())).toMatch(/not active/);
    expect(await creditBalance(t.db, s.memberId)).toBe(1);
  });

  it('a credit visit takes no promo code', async () => {
    const s = await setup();
    const res = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      memberToken: s.token,
      promoCode: 'SAVE10',
    });
    expect(res.status).toBe(400);
  });

  it('two bookings at once with one credit: one is booked with it, the other is refused; never below zero', async () => {
    const s = await setup();
    const results = await Promise.all(
      [10, 11, 12].map((d) =>
        book({
          businessId: s.owner.userId,
          serviceId: s.wash.id,
          email: s.email,
          memberToken: s.token,
          date: daysAhead(d),
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    // Each either booked free with the credit (200, $0) or saw none left and was priced at the discount (200, 4800),
    // or lost the credit between pricing and booking (409): exactly one $0 booking exists.
    const free = await t.db.select().from(bookings).where(eq(bookings.businessId, s.owner.userId));
    expect(free.filter((b) => b.quotedPriceCents === 0)).toHaveLength(1);
    expect(statuses.every((x) => x === 200 || x === 409)).toBe(true);
    expect(await creditBalance(t.db, s.memberId)).toBe(0);
  });

  it('cancelling a credit visit returns the credit once; completing one earns points on the service price', async () => {
    const s = await setup();
    const first = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      email: s.email,
      memberToken: s.token,
    });
    const [b1] = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(checkoutSessions, eq(checkoutSessions.bookingId, bookings.id))
      .where(eq(checkoutSessions.providerSessionId, (await first.json()).sessionId));
    const cancel = () =>
      t.request(`/api/bookings/${b1!.id}/status`, {
        method: 'PATCH',
        cookie: s.owner.cookie,
        json: { status: 'cancelled' },
      });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    expect(await creditBalance(t.db, s.memberId)).toBe(1);

    const second = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      email: s.email,
      memberToken: s.token,
      date: daysAhead(9),
    });
    const [b2] = await t.db
      .select({ id: bookings.id, customerId: bookings.customerId })
      .from(bookings)
      .innerJoin(checkoutSessions, eq(checkoutSessions.bookingId, bookings.id))
      .where(eq(checkoutSessions.providerSessionId, (await second.json()).sessionId));
    expect(await creditBalance(t.db, s.memberId)).toBe(0);
    for (const status of ['confirmed', 'in_progress', 'completed'])
      expect(
        (
          await t.request(`/api/bookings/${b2!.id}/status`, {
            method: 'PATCH',
            cookie: s.owner.cookie,
            json: { status },
          })
        ).status,
      ).toBe(200);
    const earned = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.bookingId, b2!.id));
    // 1 point per $5 of the wash's $60.
    expect(earned.map((e) => e.points)).toEqual([12]);
  });
});

describe('a credit visit cancelled from its manage link', () => {
  it("gives the credit back once, as the owner's cancel does", async () => {
    const s = await setup();
    const res = await book({
      businessId: s.owner.userId,
      serviceId: s.wash.id,
      email: s.email,
      memberToken: s.token,
      date: daysAhead(5),
    });
    const [b] = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(checkoutSessions, eq(checkoutSessions.bookingId, bookings.id))
      .where(eq(checkoutSessions.providerSessionId, (await res.json()).sessionId));
    expect(await creditBalance(t.db, s.memberId)).toBe(0);
    const manage = await newManageToken(t.db, s.owner.userId, b!.id);
    const cancel = () => t.request(`/api/manage/${manage}/cancel`, { method: 'POST' });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    expect(await creditBalance(t.db, s.memberId)).toBe(1);
  });
});

describe('deleting a customer who has a plan membership', () => {
  it('answers 204 and keeps the membership without its customer', async () => {
    const s = await setup();
    const [member] = await t.db.select().from(planMembers).where(eq(planMembers.id, s.memberId));
    expect(member!.customerId).not.toBeNull();
    const res = await t.request(`/api/customers/${member!.customerId}`, {
      method: 'DELETE',
      cookie: s.owner.cookie,
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const [after] = await t.db.select().from(planMembers).where(eq(planMembers.id, s.memberId));
    expect(after).toMatchObject({ customerId: null, businessId: s.owner.userId, status: 'active' });
    expect(await t.db.select().from(customers).where(eq(customers.id, member!.customerId!))).toHaveLength(0);
  });
});
