import { eq, sql } from 'drizzle-orm';
import { DEFAULT_AUTOMATION_SETTINGS } from '../../../shared/messaging';
import type { Database } from '../../db/client';
import { messagingSettings, profiles, services } from '../../db/schema';
import { notFound } from '../../http/errors';
import { tipsThisMonthQuery } from '../invoices/invoices.service';
import { recurringRevenue } from '../memberships/recurring-revenue.service';
import { insuranceNotice, latestInsuranceExpiry } from '../verification/verification.service';
import { businessTotals, readTotals, totalsOf } from './business-totals';

/**
 * One business's totals: revenue sums final_price over completed bookings only, as the platform analytics do
 * (features/analytics/booking-figures). Kept by the database's triggers, so a read does not scan the bookings
 * (docs/decisions/0922); business-totals.test.ts checks them against that recount.
 */
export async function getDashboardStats(db: Database, businessId: string) {
  const totals = await businessTotals(db, businessId);
  return {
    totalBookings: totals.bookings,
    pendingBookings: totals.pendingBookings,
    totalRevenueCents: totals.completedRevenueCents,
    totalCustomers: totals.customers,
  };
}

export async function getDashboard(db: Database, businessId: string) {
  // One query for every read (decision 925): the profile, with the totals, the active services, the latest insurance
  // expiry and the tips of this month as scalar subqueries of the same statement (on PGlite each statement costs its
  // own parse, plan and hand-over; on PostgreSQL a round trip). A business without a profile answers 404.
  const [row] = await db
    .select({
      businessName: profiles.businessName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      subscriptionTier: profiles.subscriptionTier,
      subscriptionActive: profiles.subscriptionActive,
      trialEndsAt: profiles.trialEndsAt,
      verificationStatus: profiles.verificationStatus,
      businessAddress: profiles.businessAddress,
      phone: profiles.phone,
      paymentsEnabledAt: profiles.paymentsEnabledAt,
      totals: totalsOf(businessId),
      activeServices:
        sql<number>`(select count(*) from ${services} where ${services.businessId} = ${businessId} and ${services.isActive})`.mapWith(
          Number,
        ),
      insuranceExpiry: latestInsuranceExpiry(businessId),
      tips: sql<number>`(${tipsThisMonthQuery(businessId)})`.mapWith(Number),
      reviewRequests: sql<
        boolean | null
      >`(select ${messagingSettings.reviewRequests} from ${messagingSettings} where ${messagingSettings.businessId} = ${businessId})`,
      winback: sql<
        boolean | null
      >`(select ${messagingSettings.winback} from ${messagingSettings} where ${messagingSettings.businessId} = ${businessId})`,
    })
    .from(profiles)
    .where(eq(profiles.id, businessId));
  if (!row) throw notFound('No business profile found for this account');
  const [totals, recurring] = await Promise.all([
    readTotals(db, businessId, row.totals),
    recurringRevenue(db, businessId),
  ]);
  const profileComplete = Boolean(
    row.businessName?.trim() && row.businessAddress?.trim() && row.phone?.trim(),
  );
  return {
    profile: {
      businessName: row.businessName,
      firstName: row.firstName,
      lastName: row.lastName,
      subscriptionTier: row.subscriptionTier,
      subscriptionActive: row.subscriptionActive,
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      verificationStatus: row.verificationStatus,
    },
    stats: {
      totalBookings: totals.bookings,
      pendingBookings: totals.pendingBookings,
      totalRevenueCents: totals.completedRevenueCents,
      totalCustomers: totals.customers,
    },
    // Tips are reported apart from revenue (docs/decisions/0501).
    tipsThisMonthCents: row.tips,
    checklist: {
      accountCreated: true,
      profileComplete,
      servicesSetUp: row.activeServices > 0,
      paymentsConfigured: row.paymentsEnabledAt !== null,
    },
    // The automations the checklist shows (decision 0957); no saved settings = the defaults.
    automations: {
      reviewRequests: row.reviewRequests ?? DEFAULT_AUTOMATION_SETTINGS.reviewRequests,
      winback: row.winback ?? DEFAULT_AUTOMATION_SETTINGS.winback,
    },
    // The Memberships card (decision 1262): only for a business that has made plans.
    memberships: recurring.hasPlans ? recurring : null,
    // Set when the latest insurance certificate expires within 30 days (or has expired).
    insuranceExpiry: insuranceNotice(row.insuranceExpiry),
  };
}
