import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, maintenancePlans, planCreditEntries, planMembers, profiles } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { createService } from '../services/services.service';
import { membershipSummary } from './plans.service';
import { recurringRevenue } from './recurring-revenue.service';

const t = await createTestContext();
const DAY = 86_400_000;
// 12:00 UTC on 28 Feb 2026 is 01:00 on 1 March in Auckland (UTC+13): March has begun there, not in UTC.
const NOW = new Date('2026-02-28T12:00:00Z');
const MONTH_START_NZ = new Date('2026-02-28T11:00:00Z');

async function business(timeZone: string, tier: 'pro' | 'starter' = 'pro') {
  const owner = await t.signUp({ plan: tier });
  await t.db.update(profiles).set({ timeZone }).where(eq(profiles.id, owner.userId));
  return owner;
}

async function plan(businessId: string, monthlyPriceCents: number) {
  const [p] = await t.db
    .insert(maintenancePlans)
    .values({
      businessId,
      name: `Plan ${monthlyPriceCents}`,
      monthlyPriceCents,
      includedCredits: 1,
      creditPeriod: 'month',
      vehicleTypes: ['sedan'],
    })
    .returning();
  return p!;
}

async function member(businessId: string, planId: string, values: Partial<typeof planMembers.$inferInsert>) {
  const [m] = await t.db
    .insert(planMembers)
    .values({
      businessId,
      planId,
      name: 'Member',
      email: `m-${crypto.randomUUID().slice(0, 8)}@example.com`,
      provider: 'test',
      ...values,
    })
    .returning();
  return m!;
}

/** A booking at `at`, paid with a credit of `memberId` when `spend` (and given back when `returned`). */
async function visit(
  businessId: string,
  serviceId: string,
  memberId: string,
  at: Date,
  opts: { spend?: boolean; returned?: boolean; status?: 'confirmed' | 'cancelled' } = {},
) {
  const [b] = await t.db
    .insert(bookings)
    .values({
      businessId,
      serviceId,
      serviceName: 'Wash',
      durationMinutes: 60,
      scheduledAt: at,
      locationAddress: '1 Main St',
      quotedPriceCents: 0,
      status: opts.status ?? 'confirmed',
    })
    .returning();
  if (opts.spend !== false)
    await t.db
      .insert(planCreditEntries)
      .values({ businessId, memberId, kind: 'spend', delta: -1, bookingId: b!.id });
  if (opts.returned)
    await t.db
      .insert(planCreditEntries)
      .values({ businessId, memberId, kind: 'return', delta: 1, bookingId: b!.id });
}

/**
 * The fixture, by hand (Auckland, now = 1 March 01:00 local):
 *  1 active ×2 vehicles on $50, since January      → MRR $100, live at month start
 *  2 active on $80, started 1 March 00:30 local     → MRR $80, not live at month start
 *  3 past_due on $50, since January                 → MRR $50 (still billing), counted active, live at start
 *  4 on hold, since January                         → held, live at start
 *  5 suspended, since December                      → suspended, live at start
 *  6 cancelled 1 March 00:30 local (28 Feb UTC)     → churned this month, live at start
 *  7 cancelled 28 Feb 23:30 local                   → last month: neither churn nor base
 *  8 pending (never paid)                           → nothing
 * MRR $230 · active 3 · held 1 · suspended 1 · churn 1 / 5 = 20 %.
 * Plan visits: +1 d and +13 d count; +15 d (beyond 14), yesterday, a returned credit and an ordinary booking don't → 2.
 */
async function fixture(businessId: string) {
  const a = await plan(businessId, 5000);
  const b = await plan(businessId, 8000);
  const jan = new Date('2026-01-10T00:00:00Z');
  const m1 = await member(businessId, a.id, { status: 'active', vehicles: 2, startedAt: jan });
  await member(businessId, b.id, { status: 'active', startedAt: new Date('2026-02-28T11:30:00Z') });
  await member(businessId, a.id, { status: 'past_due', startedAt: jan });
  await member(businessId, a.id, { status: 'on_hold', startedAt: jan });
  await member(businessId, b.id, { status: 'suspended', startedAt: new Date('2025-12-01T00:00:00Z') });
  await member(businessId, a.id, {
    status: 'cancelled',
    startedAt: jan,
    cancelledAt: new Date('2026-02-28T11:30:00Z'),
  });
  await member(businessId, a.id, {
    status: 'cancelled',
    startedAt: jan,
    cancelledAt: new Date('2026-02-28T10:30:00Z'),
  });
  await member(businessId, a.id, { status: 'pending' });
  const service = await createService(t.db, businessId, {
    name: 'Wash',
    description: '',
    basePriceCents: 5000,
    durationMinutes: 60,
  });
  const at = (days: number) => new Date(NOW.getTime() + days * DAY);
  await visit(businessId, service.id, m1.id, at(1));
  await visit(businessId, service.id, m1.id, at(13));
  await visit(businessId, service.id, m1.id, at(15));
  await visit(businessId, service.id, m1.id, at(-1));
  await visit(businessId, service.id, m1.id, at(2), { returned: true, status: 'cancelled' });
  await visit(businessId, service.id, m1.id, at(3), { spend: false });
}

describe('recurring revenue', () => {
  it('adds up MRR, members, churn in the business’s month and upcoming plan visits, by hand', async () => {
    const owner = await business('Pacific/Auckland');
    await fixture(owner.userId);
    const r = await recurringRevenue(t.db, owner.userId, NOW);
    expect(r).toEqual({
      hasPlans: true,
      timeZone: 'Pacific/Auckland',
      month: '2026-03',
      mrrCents: 23_000,
      members: { active: 3, held: 1, suspended: 1 },
      churn: { cancelledThisMonth: 1, activeAtMonthStart: 5, rate: 0.2 },
      upcomingPlanVisits: 2,
      upcomingDays: 14,
    });
    expect(MONTH_START_NZ.getTime()).toBeLessThan(new Date('2026-02-28T11:30:00Z').getTime());
    // The Plans screen: the same figures (member 7, cancelled last month, is no churn there either), and 1 past due.
    expect(await membershipSummary(t.db, owner.userId, NOW)).toEqual({ ...r, pastDue: 1 });
  });

  it('the same memberships in a zone where February is not over: both cancellations fall in its month', async () => {
    const owner = await business('America/Chicago');
    await fixture(owner.userId);
    const r = await recurringRevenue(t.db, owner.userId, NOW);
    // Chicago: 06:00 on 28 Feb. Members 2 and 6/7's dates are all in February; the base is who was live on 1 Feb.
    expect(r.month).toBe('2026-02');
    expect(r.churn).toEqual({ cancelledThisMonth: 2, activeAtMonthStart: 6, rate: 2 / 6 });
    expect(r.mrrCents).toBe(23_000);
  });

  it('another business’s plans never count; a business without plans has none', async () => {
    const owner = await business('Pacific/Auckland');
    await fixture(owner.userId);
    const other = await business('Pacific/Auckland');
    const p = await plan(other.userId, 9900);
    await member(other.userId, p.id, { status: 'active', startedAt: new Date('2026-01-01T00:00:00Z') });
    const mine = await recurringRevenue(t.db, owner.userId, NOW);
    expect(mine.mrrCents).toBe(23_000);
    expect(mine.members.active).toBe(3);
    const theirs = await recurringRevenue(t.db, other.userId, NOW);
    expect(theirs).toMatchObject({
      mrrCents: 9900,
      members: { active: 1, held: 0, suspended: 0 },
      churn: { cancelledThisMonth: 0, activeAtMonthStart: 1, rate: 0 },
      upcomingPlanVisits: 0,
    });
    const none = await business('Pacific/Auckland');
    expect((await recurringRevenue(t.db, none.userId, NOW)).hasPlans).toBe(false);
  });

  it('the dashboard card and the analytics section (table and CSV) show the same figures, each business its own', async () => {
    const owner = await business('America/Chicago');
    const p = await plan(owner.userId, 4500);
    await member(owner.userId, p.id, {
      status: 'active',
      vehicles: 2,
      startedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const bare = await business('America/Chicago');

    const dash = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(dash.memberships).toMatchObject({ hasPlans: true, mrrCents: 9000, members: { active: 1 } });
    const bareDash = await (await t.request('/api/dashboard', { cookie: bare.cookie })).json();
    expect(bareDash.memberships).toBeNull();

    // The Plans screen reads the same figures (churn this month, not a 30-day window).
    const summary = await (await t.request('/api/memberships/summary', { cookie: owner.cookie })).json();
    const { pastDue, ...plansFigures } = summary;
    expect(plansFigures).toEqual(dash.memberships);
    expect(pastDue).toBe(0);

    const adv = await t.request('/api/analytics/advanced', { cookie: owner.cookie });
    expect(adv.status).toBe(200);
    expect((await adv.json()).memberships).toEqual(dash.memberships);
    const bareAdv = await (await t.request('/api/analytics/advanced', { cookie: bare.cookie })).json();
    expect(bareAdv.memberships).toMatchObject({ hasPlans: false, mrrCents: 0 });

    const csv = await t.request('/api/analytics/export.csv?report=memberships', { cookie: owner.cookie });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Monthly recurring revenue (USD)');
    expect(text).toContain('90.00');

    const starter = await business('America/Chicago', 'starter');
    const refused = await t.request('/api/analytics/export.csv?report=memberships', {
      cookie: starter.cookie,
    });
    expect(refused.status).toBe(402);
  });
});
