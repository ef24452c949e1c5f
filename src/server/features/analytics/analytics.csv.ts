import { formatMoney } from '../../../shared/money';
import { csvOf } from '../../http/csv';
import type { PlatformAnalytics } from './analytics.service';

/** The analytics of a period as CSV: the totals, then one row per week, then waitlist demand and SEO landing pages. */
export function analyticsCsv(a: PlatformAnalytics) {
  const t = a.totals;
  const rows: Array<Array<string | number | null>> = [
    ['ShineRoute platform analytics', `${a.period.from} to ${a.period.to}`],
    [],
    ['Figure', 'Value'],
    ['Sign-ups', t.signUps],
    ['Active businesses', t.activeBusinesses],
    ['Bookings', t.bookings],
    ['Gross booking value (USD)', formatMoney(t.grossValueCents)],
    ['Completed revenue (USD)', formatMoney(t.completedRevenueCents)],
    ['Tips (USD)', formatMoney(t.tipsCents)],
    ['Leads (no business)', t.leads],
    ['Zip checks', t.zipChecks],
    ['Zip checks in served areas', t.zipChecksServed],
    ['Bookings with a zip', t.bookingsWithZip],
    [
      'Zip check to booking conversion',
      t.zipCheckConversion === null ? null : t.zipCheckConversion.toFixed(4),
    ],
    ['Waitlist entries', t.waitlistEntries],
    ['SEO pages live', t.seoPagesLive],
    ['SEO pages created', t.seoPagesCreated],
    ['Bookings from SEO pages', t.seoBookings],
    ['Booking value from SEO pages (USD)', formatMoney(t.seoGrossValueCents)],
    [],
    [
      'Week starting',
      'Sign-ups',
      'Bookings',
      'Gross booking value (USD)',
      'Tips (USD)',
      'Zip checks',
      'Bookings from SEO pages',
    ],
    ...a.weeks.map((w) => [
      w.weekStart,
      w.signUps,
      w.bookings,
      formatMoney(w.grossValueCents),
      formatMoney(w.tipsCents),
      w.zipChecks,
      w.seoBookings,
    ]),
    [],
    ['Waitlist zip', 'Entries', 'Notified'],
    ...a.waitlistByZip.map((z) => [z.zipCode, z.entries, z.notified]),
    [],
    ['SEO landing page', 'Bookings', 'Booking value (USD)'],
    ...a.seoLandingPages.map((p) => [p.path, p.bookings, formatMoney(p.grossValueCents)]),
  ];
  return csvOf(rows);
}
