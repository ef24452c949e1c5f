import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { services } from '../../db/schema';
import { businessTotals } from './business-totals';
import { notFound } from '../../http/errors';
import { tipsThisMonthCents } from '../invoices/invoices.service';
import { getProfile } from '../profiles/profiles.service';
import { insuranceExpiryNotice } from '../verification/verification.service';

/**
 * One business's totals: revenue sums final_price over completed bookings only, as the platform analytics do
 * (features/analytics/booking-figures). Kept by the database's triggers, so a read does not scan the bookings
 * (docs/decisions/922); business-totals.test.ts checks them against that recount.
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
  // Every read at once, the profile too (on PostgreSQL each is a round trip; decision 923). A business without a
  // profile answers 404 as before; its other reads found nothing.
  const [profile, stats, [activeServices], insuranceExpiry, tips] = await Promise.all([
    getProfile(db, businessId),
    getDashboardStats(db, businessId),
    db
      .select({ n: count() })
      .from(services)
      .where(and(eq(services.businessId, businessId), eq(services.isActive, true))),
    insuranceExpiryNotice(db, businessId),
    tipsThisMonthCents(db, businessId),
  ]);
  if (!profile) throw notFound('No business profile found for this account');
  const profileComplete = Boolean(profile.businessName?.trim() && profile.businessAddress?.trim() && profile.phone?.trim());
  return {
    profile: {
      businessName: profile.businessName,
      firstName: profile.firstName,
      lastName: profile.lastName,
      subscriptionTier: profile.subscriptionTier,
      subscriptionActive: profile.subscriptionActive,
      trialEndsAt: profile.trialEndsAt?.toISOString() ?? null,
      verificationStatus: profile.verificationStatus,
    },
    stats,
    // Tips are reported apart from revenue (docs/decisions/501).
    tipsThisMonthCents: tips,
    checklist: {
      accountCreated: true,
      profileComplete,
      servicesSetUp: (activeServices?.n ?? 0) > 0,
      paymentsConfigured: profile.paymentsEnabledAt !== null,
    },
    // Set when the latest insurance certificate expires within 30 days (or has expired).
    insuranceExpiry,
  };
}
