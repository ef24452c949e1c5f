import { and, count, countDistinct, desc, eq, gte, isNull, like, lt, sql } from 'drizzle-orm';
import { type AnalyticsPeriod, periodBounds } from '../../../shared/analytics';
import type { Database } from '../../db/client';
import {
  bookings,
  checkoutSessions,
  citySeoPages,
  emailWaitlist,
  invoicePayments,
  user,
} from '../../db/schema';
import { zipCheckCounts } from './analytics.schema';
import {
  bookingAggregates,
  bookingFigures,
  bookingsCreatedBetween,
  tipsCentsBetween,
} from './booking-figures';
import { zipCheckCounterOf } from './zip-check-counter';

const SEO_PREFIX = '/seo/';

/** Week starts (Mondays, UTC) covering the period; the first may start before `from` (counts stay inside it). */
const weekOf = (col: unknown) =>
  sql<string>`to_char(date_trunc('week', ${col} at time zone 'UTC'), 'YYYY-MM-DD')`;

interface WeekRow {
  weekStart: string;
  signUps: number;
  bookings: number;
  grossValueCents: number;
  tipsCents: number;
  zipChecks: number;
  seoBookings: number;
}

/**
 * The platform's figures for a period (docs/decisions/0830): every figure is one SQL aggregate, the booking ones the
 * same as the owners' dashboard (booking-figures.ts). Leads (bookings without a business) are counted apart.
 */
export async function platformAnalytics(db: Database, period: AnalyticsPeriod) {
  // This instance's uncounted zip checks first, so a check made a moment ago is in the figures.
  await zipCheckCounterOf(db).flush();
  const { fromAt, toAt } = periodBounds(period);
  const inPeriod = (col: Parameters<typeof gte>[0]) => and(gte(col, fromAt), lt(col, toAt));
  const seoCheckouts = and(
    eq(checkoutSessions.status, 'completed'),
    like(checkoutSessions.landingPath, `${SEO_PREFIX}%`),
  );

  const [
    figures,
    tipsCents,
    [signUps],
    [active],
    [leads],
    [zip],
    [zipBookings],
    [waitlist],
    waitlistByZip,
    [seoPages],
    [seoTotals],
    seoLandingPages,
    weeks,
  ] = await Promise.all([
    bookingFigures(db, bookingsCreatedBetween(fromAt, toAt, null)),
    tipsCentsBetween(db, fromAt, toAt, null),
    db.select({ n: count() }).from(user).where(inPeriod(user.createdAt)),
    db
      .select({ n: countDistinct(bookings.businessId) })
      .from(bookings)
      .where(and(bookingsCreatedBetween(fromAt, toAt, null), sql`${bookings.status} <> 'cancelled'`)),
    db
      .select({ n: count() })
      .from(bookings)
      .where(and(isNull(bookings.businessId), inPeriod(bookings.createdAt))),
    db
      .select({
        checks: sql<number>`coalesce(sum(${zipCheckCounts.count}), 0)`.mapWith(Number),
        served:
          sql<number>`coalesce(sum(${zipCheckCounts.count}) filter (where ${zipCheckCounts.available}), 0)`.mapWith(
            Number,
          ),
      })
      .from(zipCheckCounts)
      .where(and(gte(zipCheckCounts.day, period.from), sql`${zipCheckCounts.day} <= ${period.to}`)),
    // Bookings (leads included) that carry the zip the customer checked.
    db
      .select({ n: count() })
      .from(bookings)
      .where(and(sql`${bookings.zipCode} is not null`, inPeriod(bookings.createdAt))),
    db.select({ n: count() }).from(emailWaitlist).where(inPeriod(emailWaitlist.createdAt)),
    db
      .select({
        zipCode: emailWaitlist.zipCode,
        entries: count(),
        notified: sql<number>`count(*) filter (where ${emailWaitlist.notified})`.mapWith(Number),
      })
      .from(emailWaitlist)
      .where(inPeriod(emailWaitlist.createdAt))
      .groupBy(emailWaitlist.zipCode)
      .orderBy(desc(count()), emailWaitlist.zipCode)
      .limit(20),
    db
      .select({
        live: sql<number>`count(*) filter (where ${citySeoPages.status} = 'complete')`.mapWith(Number),
        created:
          sql<number>`count(*) filter (where ${citySeoPages.createdAt} >= ${fromAt.toISOString()}::timestamptz and ${citySeoPages.createdAt} < ${toAt.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
      })
      .from(citySeoPages),
    db
      .select({
        bookings: count(),
        grossValueCents: sql<number>`coalesce(sum(${checkoutSessions.amountCents}), 0)`.mapWith(Number),
      })
      .from(checkoutSessions)
      .where(and(seoCheckouts, inPeriod(checkoutSessions.completedAt))),
    db
      .select({
        path: sql<string>`${checkoutSessions.landingPath}`,
        bookings: count(),
        grossValueCents: sql<number>`coalesce(sum(${checkoutSessions.amountCents}), 0)`.mapWith(Number),
      })
      .from(checkoutSessions)
      .where(and(seoCheckouts, inPeriod(checkoutSessions.completedAt)))
      .groupBy(checkoutSessions.landingPath)
      .orderBy(desc(count()), checkoutSessions.landingPath)
      .limit(20),
    weeklySeries(db, period, fromAt, toAt),
  ]);

  const zipChecks = zip?.checks ?? 0;
  const bookingsWithZip = zipBookings?.n ?? 0;
  return {
    period,
    totals: {
      signUps: signUps?.n ?? 0,
      activeBusinesses: active?.n ?? 0,
      bookings: figures.bookings,
      grossValueCents: figures.grossValueCents,
      completedRevenueCents: figures.completedRevenueCents,
      tipsCents,
      leads: leads?.n ?? 0,
      zipChecks,
      zipChecksServed: zip?.served ?? 0,
      bookingsWithZip,
      // Bookings per zip check in the period (null when nobody checked a zip).
      zipCheckConversion: zipChecks > 0 ? Math.round((bookingsWithZip / zipChecks) * 10_000) / 10_000 : null,
      waitlistEntries: waitlist?.n ?? 0,
      seoPagesLive: seoPages?.live ?? 0,
      seoPagesCreated: seoPages?.created ?? 0,
      seoBookings: seoTotals?.bookings ?? 0,
      seoGrossValueCents: seoTotals?.grossValueCents ?? 0,
    },
    weeks,
    waitlistByZip,
    seoLandingPages,
  };
}

export type PlatformAnalytics = Awaited<ReturnType<typeof platformAnalytics>>;

/** One row per week of the period, every series from its own grouped aggregate (zeros where nothing happened). */
async function weeklySeries(
  db: Database,
  period: AnalyticsPeriod,
  fromAt: Date,
  toAt: Date,
): Promise<WeekRow[]> {
  const from = sql`${fromAt.toISOString()}::timestamptz`;
  const to = sql`${toAt.toISOString()}::timestamptz`;
  const rows = await db
    .execute<Record<string, string | number>>(
      sql`with weeks as (
      select to_char(w, 'YYYY-MM-DD') as week_start
      from generate_series(date_trunc('week', ${period.from}::date::timestamp), ${period.to}::date::timestamp, interval '1 week') as w
    ),
    s as (select ${weekOf(user.createdAt)} as week_start, count(*) as n from ${user} where ${user.createdAt} >= ${from} and ${user.createdAt} < ${to} group by 1),
    ip as (
      select ${weekOf(invoicePayments.paidAt)} as week_start, sum(${invoicePayments.tipCents}) as tips from ${invoicePayments}
      where ${invoicePayments.paidAt} >= ${from} and ${invoicePayments.paidAt} < ${to} group by 1
    ),
    z as (
      select to_char(date_trunc('week', ${zipCheckCounts.day}::timestamp), 'YYYY-MM-DD') as week_start, sum(${zipCheckCounts.count}) as n
      from ${zipCheckCounts} where ${zipCheckCounts.day} >= ${period.from}::date and ${zipCheckCounts.day} <= ${period.to}::date group by 1
    ),
    seo as (
      select ${weekOf(checkoutSessions.completedAt)} as week_start, count(*) as n from ${checkoutSessions}
      where ${checkoutSessions.status} = 'completed' and ${checkoutSessions.landingPath} like ${`${SEO_PREFIX}%`}
        and ${checkoutSessions.completedAt} >= ${from} and ${checkoutSessions.completedAt} < ${to} group by 1
    )
    select weeks.week_start, coalesce(s.n, 0) as sign_ups, coalesce(ip.tips, 0) as invoice_tips_cents,
      coalesce(z.n, 0) as zip_checks, coalesce(seo.n, 0) as seo_bookings
    from weeks left join s using (week_start) left join ip using (week_start)
      left join z using (week_start) left join seo using (week_start)
    order by weeks.week_start`,
    )
    .then((r) => r.rows);
  // The booking figures per week: the same aggregates as the totals and the owners' dashboard.
  const week = weekOf(bookings.createdAt);
  const byWeek = await db
    .select({ weekStart: week, ...bookingAggregates })
    .from(bookings)
    .where(bookingsCreatedBetween(fromAt, toAt, null))
    .groupBy(week);
  return rows.map((r) => {
    const weekStart = String(r.week_start);
    const b = byWeek.find((x) => x.weekStart === weekStart);
    return {
      weekStart,
      signUps: Number(r.sign_ups),
      bookings: b?.bookings ?? 0,
      grossValueCents: b?.grossValueCents ?? 0,
      tipsCents: (b?.bookingTipsCents ?? 0) + Number(r.invoice_tips_cents),
      zipChecks: Number(r.zip_checks),
      seoBookings: Number(r.seo_bookings),
    };
  });
}
