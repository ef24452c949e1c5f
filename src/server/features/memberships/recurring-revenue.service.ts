import { and, eq, sql } from 'drizzle-orm';
import { todayInZone, zonedTimeToUtc } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { bookings, profiles } from '../../db/schema';
import { maintenancePlans, planCreditEntries, planMembers } from './memberships.schema';

/** How far ahead "upcoming plan visits" look (decision 1262). */
export const UPCOMING_PLAN_VISIT_DAYS = 14;

/**
 * The owner's recurring revenue (decision 1262), the one source of the dashboard's Memberships card and the
 * Memberships section of /analytics:
 * - MRR: the monthly price × vehicles of every billing membership (active, or a failed renewal still retried);
 * - members: active (billing), held and suspended;
 * - churn: memberships cancelled this calendar month (in the business's time zone) ÷ those live at its start;
 * - upcoming plan visits: bookings paid with a plan credit (spent, not returned) in the next 14 days.
 * `hasPlans` is false when the business has never made a plan: the dashboard then shows no card.
 */
export async function recurringRevenue(db: DbOrTx, businessId: string, now = new Date()) {
  const [zone] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  const timeZone = zone?.timeZone ?? 'America/Chicago';
  const month = todayInZone(timeZone, now).slice(0, 8);
  const monthStart = zonedTimeToUtc(`${month}01`, '00:00', timeZone);
  const horizon = new Date(now.getTime() + UPCOMING_PLAN_VISIT_DAYS * 86_400_000);
  const planCount = sql<number>`(select count(*) from ${maintenancePlans} where ${maintenancePlans.businessId} = ${businessId})::int`;
  const [m] = await db
    .select({
      plans: planCount,
      mrrCents: sql<number>`coalesce(sum(case when ${planMembers.status} in ('active', 'past_due') then ${maintenancePlans.monthlyPriceCents} * ${planMembers.vehicles} else 0 end), 0)::int`,
      active: sql<number>`count(*) filter (where ${planMembers.status} in ('active', 'past_due'))::int`,
      held: sql<number>`count(*) filter (where ${planMembers.status} = 'on_hold')::int`,
      suspended: sql<number>`count(*) filter (where ${planMembers.status} = 'suspended')::int`,
      cancelledThisMonth: sql<number>`count(*) filter (where ${planMembers.status} = 'cancelled' and ${planMembers.cancelledAt} >= ${monthStart} and ${planMembers.cancelledAt} <= ${now})::int`,
      activeAtMonthStart: sql<number>`count(*) filter (where ${planMembers.startedAt} < ${monthStart} and (${planMembers.cancelledAt} is null or ${planMembers.cancelledAt} >= ${monthStart}))::int`,
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
  const [v] = await db
    .select({ n: sql<number>`count(distinct ${bookings.id})::int` })
    .from(planCreditEntries)
    .innerJoin(
      bookings,
      and(
        eq(bookings.businessId, planCreditEntries.businessId),
        eq(bookings.id, planCreditEntries.bookingId),
      ),
    )
    .where(
      and(
        eq(planCreditEntries.businessId, businessId),
        eq(planCreditEntries.kind, 'spend'),
        sql`${bookings.status} not in ('cancelled', 'no_show')`,
        sql`${bookings.scheduledAt} >= ${now} and ${bookings.scheduledAt} < ${horizon}`,
        sql`not exists (select 1 from ${planCreditEntries} r where r.booking_id = ${bookings.id} and r.kind = 'return')`,
      ),
    );
  const plans = m?.plans ?? 0;
  const cancelled = m?.cancelledThisMonth ?? 0;
  const base = m?.activeAtMonthStart ?? 0;
  return {
    hasPlans: plans > 0,
    timeZone,
    month: month.slice(0, 7),
    mrrCents: m?.mrrCents ?? 0,
    members: { active: m?.active ?? 0, held: m?.held ?? 0, suspended: m?.suspended ?? 0 },
    churn: {
      cancelledThisMonth: cancelled,
      activeAtMonthStart: base,
      // A ratio (0.25 = 25 %); null when nobody was a member at the start of the month.
      rate: base === 0 ? null : cancelled / base,
    },
    upcomingPlanVisits: v?.n ?? 0,
    upcomingDays: UPCOMING_PLAN_VISIT_DAYS,
  };
}

export type RecurringRevenue = Awaited<ReturnType<typeof recurringRevenue>>;
