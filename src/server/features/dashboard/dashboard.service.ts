import { and, count, eq } from 'drizzle-orm';
import { bookingFigures } from '../analytics/booking-figures';
import type { Database } from '../../db/client';
import { bookings, customers, services } from '../../db/schema';
import { notFound } from '../../http/errors';
import { tipsThisMonthCents } from '../invoices/invoices.service';
import { getProfile } from '../profiles/profiles.service';
import { insuranceExpiryNotice } from '../verification/verification.service';

/** Totals computed in SQL for one business: revenue sums final_price over completed bookings only. */
export async function getDashboardStats(db: Database, businessId: string) {
  // The same aggregates as the platform analytics (features/analytics/booking-figures), so the two agree.
  const figures = await bookingFigures(db, eq(bookings.businessId, businessId));
  const [customerTotals] = await db
    .select({ totalCustomers: count() })
    .from(customers)
    .where(eq(customers.businessId, businessId));
  return {
    totalBookings: figures.bookings,
    pendingBookings: figures.pendingBookings,
    totalRevenueCents: figures.completedRevenueCents,
    totalCustomers: customerTotals?.totalCustomers ?? 0,
  };
}

export async function getDashboard(db: Database, businessId: string) {
  const profile = await getProfile(db, businessId);
  if (!profile) throw notFound('No business profile found for this account');
  const [stats, [activeServices], insuranceExpiry, tips] = await Promise.all([
    getDashboardStats(db, businessId),
    db
      .select({ n: count() })
      .from(services)
      .where(and(eq(services.businessId, businessId), eq(services.isActive, true))),
    insuranceExpiryNotice(db, businessId),
    tipsThisMonthCents(db, businessId),
  ]);
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
