import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { memberMonthlyCents, type PlanInput, planInputSchema } from '../../../shared/memberships';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertOwnedIds, assertUuid } from '../../http/ids';
import { wholeList } from '../../http/lists';
import { maintenancePlans, planCreditEntries, planMembers } from './memberships.schema';

type PlanRow = typeof maintenancePlans.$inferSelect;

export const planView = (p: PlanRow) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  monthlyPriceCents: p.monthlyPriceCents,
  includedCredits: p.includedCredits,
  creditPeriod: p.creditPeriod,
  discountPercent: p.discountPercent,
  holdAllowed: p.holdAllowed,
  maxHoldMonths: p.maxHoldMonths,
  vehicleTypes: p.vehicleTypes,
  includedServiceIds: p.includedServiceIds,
  isActive: p.isActive,
  createdAt: p.createdAt.toISOString(),
});

/**
 * The business's plans (a handful: answered whole), each with its number of active members. The subquery names the
 * outer column in full: Drizzle writes a one-table select's columns unqualified, which would bind to the subquery's own.
 */
export async function listPlans(db: DbOrTx, businessId: string) {
  const rows = await db
    .select({
      plan: maintenancePlans,
      activeMembers: sql<number>`(select count(*)::int from ${planMembers} m where m.plan_id = "maintenance_plans"."id" and m.business_id = ${businessId} and m.status in ('active', 'past_due', 'on_hold'))`,
    })
    .from(maintenancePlans)
    .where(eq(maintenancePlans.businessId, businessId))
    .orderBy(
      desc(maintenancePlans.isActive),
      asc(maintenancePlans.monthlyPriceCents),
      asc(maintenancePlans.id),
    );
  return wholeList(rows.map((r) => ({ ...planView(r.plan), activeMembers: r.activeMembers })));
}

export async function findPlan(db: DbOrTx, businessId: string, id: string) {
  assertUuid(id);
  const [row] = await db
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.businessId, businessId), eq(maintenancePlans.id, id)));
  if (!row) throw notFound('This plan could not be found');
  return row;
}

const columnsOf = (input: PlanInput) => {
  const p = planInputSchema.parse(input);
  // A plan without holds allows none: the allowance is kept at 0 so the screens and the rule agree.
  return { ...p, maxHoldMonths: p.holdAllowed ? p.maxHoldMonths : 0 };
};

/** The plan's included services must be the business's own (another business's id: 404). */
const assertServices = (db: DbOrTx, businessId: string, ids: string[]) =>
  ids.length ? assertOwnedIds(db, services, businessId, ids, 'This service could not be found') : undefined;

export async function createPlan(db: DbOrTx, businessId: string, input: PlanInput) {
  const values = columnsOf(input);
  await assertServices(db, businessId, values.includedServiceIds);
  const [row] = await db
    .insert(maintenancePlans)
    .values({ businessId, ...values })
    .returning();
  return { ...planView(row!), activeMembers: 0 };
}

/** Edits apply to the next charge of every member (the price of a month already paid does not change). */
export async function updatePlan(db: DbOrTx, businessId: string, id: string, input: PlanInput) {
  await findPlan(db, businessId, id);
  const values = columnsOf(input);
  await assertServices(db, businessId, values.includedServiceIds);
  const [row] = await db
    .update(maintenancePlans)
    .set(values)
    .where(and(eq(maintenancePlans.businessId, businessId), eq(maintenancePlans.id, id)))
    .returning();
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(planMembers)
    .where(and(eq(planMembers.planId, id), sql`${planMembers.status} in ('active', 'past_due', 'on_hold')`));
  return { ...planView(row!), activeMembers: count?.n ?? 0 };
}

/** Credits left: the ledger's sum (grants − spends + returns). */
export const creditBalanceSql = (memberId: typeof planMembers.id) =>
  sql<number>`coalesce((select sum(e.delta)::int from ${planCreditEntries} e where e.member_id = ${memberId}), 0)`;

/** The Plans screen's members: every membership but abandoned checkouts, newest first. */
export async function listMembers(db: DbOrTx, businessId: string) {
  const rows = await db
    .select({
      m: planMembers,
      planName: maintenancePlans.name,
      planMonthlyCents: maintenancePlans.monthlyPriceCents,
      credits: creditBalanceSql(planMembers.id),
    })
    .from(planMembers)
    .innerJoin(
      maintenancePlans,
      and(
        eq(maintenancePlans.businessId, planMembers.businessId),
        eq(maintenancePlans.id, planMembers.planId),
      ),
    )
    .where(and(eq(planMembers.businessId, businessId), sql`${planMembers.status} <> 'pending'`))
    .orderBy(desc(planMembers.createdAt), desc(planMembers.id))
    .limit(500);
  return wholeList(
    rows.map(({ m, planName, planMonthlyCents, credits }) => ({
      id: m.id,
      planId: m.planId,
      planName,
      name: m.name,
      email: m.email,
      vehicles: m.vehicles,
      status: m.status,
      monthlyCents: memberMonthlyCents(planMonthlyCents, m.vehicles),
      credits,
      nextChargeAt:
        m.status === 'active' || m.status === 'on_hold' ? (m.nextChargeAt?.toISOString() ?? null) : null,
      holdUntil: m.status === 'on_hold' ? (m.holdUntil?.toISOString() ?? null) : null,
      startedAt: m.startedAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
    })),
  );
}

/**
 * Monthly recurring revenue and members, in SQL: MRR counts memberships that are billing (active, or a failed
 * renewal still being retried); churn is the memberships cancelled or suspended in the last 30 days over those that
 * were live at its start.
 */
export async function membershipSummary(db: DbOrTx, businessId: string, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const [row] = await db
    .select({
      mrrCents: sql<number>`coalesce(sum(case when ${planMembers.status} in ('active', 'past_due') then ${maintenancePlans.monthlyPriceCents} * ${planMembers.vehicles} else 0 end), 0)::int`,
      active: sql<number>`count(*) filter (where ${planMembers.status} = 'active')::int`,
      pastDue: sql<number>`count(*) filter (where ${planMembers.status} = 'past_due')::int`,
      onHold: sql<number>`count(*) filter (where ${planMembers.status} = 'on_hold')::int`,
      suspended: sql<number>`count(*) filter (where ${planMembers.status} = 'suspended')::int`,
      churned: sql<number>`count(*) filter (where ${planMembers.status} in ('cancelled', 'suspended') and coalesce(${planMembers.cancelledAt}, ${planMembers.failedAt}) >= ${since})::int`,
      liveAtStart: sql<number>`count(*) filter (where ${planMembers.startedAt} < ${since} and (${planMembers.cancelledAt} is null or ${planMembers.cancelledAt} >= ${since}))::int`,
    })
    .from(planMembers)
    .innerJoin(
      maintenancePlans,
      and(
        eq(maintenancePlans.businessId, planMembers.businessId),
        eq(maintenancePlans.id, planMembers.planId),
      ),
    )
    .where(eq(planMembers.businessId, businessId));
  const r = row ?? {
    mrrCents: 0,
    active: 0,
    pastDue: 0,
    onHold: 0,
    suspended: 0,
    churned: 0,
    liveAtStart: 0,
  };
  const base = Math.max(r.liveAtStart, r.churned);
  return {
    mrrCents: r.mrrCents,
    active: r.active,
    pastDue: r.pastDue,
    onHold: r.onHold,
    suspended: r.suspended,
    churnedLast30Days: r.churned,
    churnPercent: base === 0 ? 0 : Math.round((r.churned / base) * 1000) / 10,
  };
}
