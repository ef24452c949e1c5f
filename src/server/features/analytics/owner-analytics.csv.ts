import { formatMoney } from '../../../shared/money';
import type { OwnerReport } from '../../../shared/owner-analytics';
import { csvOf } from '../../http/csv';
import type { RecurringRevenue } from '../memberships/recurring-revenue.service';
import type { ownerAdvancedAnalytics, ownerAnalytics } from './owner-analytics.service';

// Every table of /analytics as a CSV (docs/decisions/1191): the same figures as the screen, money in dollars.

type Basic = Awaited<ReturnType<typeof ownerAnalytics>>;
type Advanced = Awaited<ReturnType<typeof ownerAdvancedAnalytics>>;
type Cell = string | number | null;

const usd = (cents: number | null) => (cents === null ? null : formatMoney(cents));
const ratio = (r: number | null) => (r === null ? null : r.toFixed(4));

export function basicReportRows(report: 'revenue' | 'customers', a: Basic): Cell[][] {
  if (report === 'revenue') {
    return [
      [
        'Week starting',
        'Revenue excl. tax and tips (USD)',
        'Tips (USD)',
        'Completed bookings',
        'Average ticket (USD)',
      ],
      ...a.weekly.map((w) => [
        w.start,
        usd(w.revenueCents),
        usd(w.tipsCents),
        w.completedBookings,
        usd(w.averageTicketCents),
      ]),
      [
        'Total',
        usd(a.summary.revenueCents),
        usd(a.summary.tipsCents),
        a.summary.completedBookings,
        usd(a.summary.averageTicketCents),
      ],
    ];
  }
  const s = a.summary;
  const p = a.previousSummary;
  return [
    ['Figure', `${a.period.from} to ${a.period.to}`, `${a.previous.from} to ${a.previous.to}`],
    ['Customers served', s.customers, p.customers],
    ['New customers', s.newCustomers, p.newCustomers],
    ['Returning customers', s.returningCustomers, p.returningCustomers],
    ['Repeat rate', ratio(s.repeatRate), ratio(p.repeatRate)],
    ['Retention from the previous period', ratio(s.retention), ratio(p.retention)],
  ];
}

export function advancedReportRows(
  report: Exclude<OwnerReport, 'revenue' | 'customers' | 'memberships'>,
  a: Advanced,
): Cell[][] {
  switch (report) {
    case 'services':
      return [
        [
          'Service',
          'Completed bookings',
          'Revenue (USD)',
          'Materials (USD)',
          'Labour hours',
          'Labour (USD)',
          'Profit (USD)',
        ],
        ...a.byService.map((s) => [
          s.serviceName,
          s.completedBookings,
          usd(s.revenueCents),
          usd(s.materialsCents),
          s.labourHours,
          usd(s.labourCents),
          usd(s.profitCents),
        ]),
      ];
    case 'technicians':
      return [
        [
          'Technician',
          'Completed jobs',
          'Revenue (USD)',
          'Booked hours',
          'Hours on jobs',
          'Shift hours',
          'Utilisation',
          'Rating',
        ],
        ...a.byTechnician.map((t) => [
          t.name,
          t.completedBookings,
          usd(t.revenueCents),
          t.bookedHours,
          t.jobHours,
          t.shiftHours,
          ratio(t.utilisation),
          t.rating,
        ]),
      ];
    case 'cohorts':
      return [
        [
          'First booking month',
          'Customers',
          'Completed bookings',
          'Revenue to date (USD)',
          'Lifetime value (USD)',
        ],
        ...a.cohorts.map((c) => [
          c.cohort,
          c.customers,
          c.bookings,
          usd(c.revenueCents),
          usd(c.lifetimeValueCents),
        ]),
      ];
    case 'quotes': {
      const q = a.quotes;
      return [
        [
          'Quotes created',
          'Sent',
          'Accepted',
          'Accepted value (USD)',
          'Conversion',
          'Median hours to accept',
        ],
        [
          q.created,
          q.sent,
          q.accepted,
          usd(q.acceptedValueCents),
          ratio(q.conversion),
          q.medianHoursToAccept,
        ],
      ];
    }
    case 'cancellations': {
      const c = a.cancellations;
      return [
        ['Scheduled', 'Cancelled', 'No-shows', 'Cancelled value (USD)', 'No-show value (USD)', 'Rate'],
        [
          c.scheduled,
          c.cancelled,
          c.noShows,
          usd(c.cancelledValueCents),
          usd(c.noShowValueCents),
          ratio(c.rate),
        ],
      ];
    }
    case 'promo-codes':
      return [
        ['Promo code', 'Bookings', 'Revenue (USD)', 'Discount given (USD)'],
        ...a.promoCodes.map((p) => [p.code, p.bookings, usd(p.revenueCents), usd(p.discountCents)]),
      ];
    case 'ratings':
      return [
        ['Month', 'Average rating', 'Reviews'],
        ...a.ratings.map((r) => [r.month, r.rating, r.reviews]),
      ];
    case 'invoice-aging':
      return [
        ['Days past due', 'Invoices', 'Balance (USD)'],
        ...a.invoiceAging.map((b) => [b.label, b.invoices, usd(b.balanceCents)]),
      ];
    case 'add-ons':
      return [
        [
          'Add-on',
          'Service',
          'Bookings of the service',
          'Bookings with the add-on',
          'Attach rate',
          'Revenue (USD)',
        ],
        ...a.addOns.map((x) => [
          x.name,
          x.serviceName,
          x.serviceBookings,
          x.bookings,
          ratio(x.attachRate),
          usd(x.revenueCents),
        ]),
      ];
  }
}

export const reportCsv = (rows: Cell[][]) => csvOf(rows);

/** Recurring revenue today (decision 1262): one figure a row, as on the screen. */
export function membershipReportRows(r: RecurringRevenue): Cell[][] {
  return [
    ['Figure', 'Value'],
    ['Monthly recurring revenue (USD)', usd(r.mrrCents)],
    ['Active members', r.members.active],
    ['Members on hold', r.members.held],
    ['Suspended members', r.members.suspended],
    [`Cancelled in ${r.month}`, r.churn.cancelledThisMonth],
    [`Members at the start of ${r.month}`, r.churn.activeAtMonthStart],
    ['Churn this month', ratio(r.churn.rate)],
    [`Plan visits in the next ${r.upcomingDays} days`, r.upcomingPlanVisits],
  ];
}
