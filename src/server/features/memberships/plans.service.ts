import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { memberMonthlyCents, type PlanInput, planInputSchema } from '../../../shared/memberships';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertOwnedIds, assertUuid } from '../../http/ids';
import { wholeList } from '../../http/lists';
import { maintenancePlans, planCreditEntries, planMembers } from './memberships.schema';
import { recurringRevenue } from './recurring-revenue.service';

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
 * The Plans screen's figures: the one recurring revenue of the dashboard and analytics (decision 1262: MRR, members,
 * churn this month in the business's time zone), plus how many billing members have a failed renewal being retried.
 */
export async function membershipSummary(db: DbOrTx, businessId: string, now = new Date()) {
  const figures = await recurringRevenue(db, businessId, now);
  const [row] = await db
    .select({ pastDue: sql<number>`count(*)::int` })
    .from(planMembers)
    .where(and(eq(planMembers.businessId, businessId), eq(planMembers.status, 'past_due')));
  return { ...figures, pastDue: row?.pastDue ?? 0 };
}
