import { createRoute, z } from '@hono/zod-openapi';
import {
  isAdvancedReport,
  labourRateBodySchema,
  OWNER_REPORTS,
  type OwnerPeriod,
  ownerAnalyticsQuerySchema,
  resolveOwnerPeriod,
} from '../../../shared/owner-analytics';
import { planIncludes, upgradeMessage } from '../../../shared/plan-features';
import { requireFeature, requireOwner, requireUser } from '../../access/guards';
import { readDbOf } from '../../http/context';
import { invalid, paymentRequired } from '../../http/errors';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { loadPlan } from '../billing/plan-state';
import { assertOwnLocation } from '../locations/locations.service';
import { recurringRevenueSchema } from '../memberships/recurring-revenue.openapi';
import { recurringRevenue } from '../memberships/recurring-revenue.service';
import { advancedReportRows, basicReportRows, membershipReportRows, reportCsv } from './owner-analytics.csv';
import { businessToday } from './owner-analytics.period';
import {
  labourRateOf,
  ownerAdvancedAnalytics,
  ownerAnalytics,
  saveLabourRate,
} from './owner-analytics.service';

const tags = ['Analytics'];
const periodSchema = z.object({ from: z.string(), to: z.string() });
const money = z.number().int();
const summarySchema = z.object({
  revenueCents: money,
  tipsCents: money,
  refundsCents: money,
  bookings: z.number().int(),
  completedBookings: z.number().int(),
  averageTicketCents: money,
  customers: z.number().int(),
  newCustomers: z.number().int(),
  returningCustomers: z.number().int(),
  repeatRate: z.number().nullable(),
  retention: z.number().nullable(),
});
const pointSchema = z.object({
  start: z.string(),
  revenueCents: money,
  tipsCents: money,
  completedBookings: z.number().int(),
  averageTicketCents: money,
});

const basicSchema = z
  .object({
    period: periodSchema,
    previous: periodSchema,
    timeZone: z.string(),
    /** The plan includes the advanced reports (Pro, Elite). */
    advanced: z.boolean(),
    summary: summarySchema,
    previousSummary: summarySchema,
    weekly: z.array(pointSchema),
    monthly: z.array(pointSchema),
  })
  .openapi('OwnerAnalytics');

const advancedSchema = z
  .object({
    memberships: recurringRevenueSchema,
    period: periodSchema,
    /** The owner's labour cost per hour (cents), null until set. */
    hourlyCostCents: money.nullable(),
    byService: z.array(
      z.object({
        serviceKey: z.string(),
        serviceName: z.string(),
        completedBookings: z.number().int(),
        revenueCents: money,
        materialsCents: money,
        labourHours: z.number().nullable(),
        labourCents: money.nullable(),
        profitCents: money,
      }),
    ),
    byTechnician: z.array(
      z.object({
        technicianId: z.string().nullable(),
        name: z.string(),
        completedBookings: z.number().int(),
        revenueCents: money,
        bookedHours: z.number(),
        jobHours: z.number().nullable(),
        shiftHours: z.number().nullable(),
        utilisation: z.number().nullable(),
        rating: z.number().nullable(),
      }),
    ),
    cohorts: z.array(
      z.object({
        cohort: z.string(),
        customers: z.number().int(),
        bookings: z.number().int(),
        revenueCents: money,
        lifetimeValueCents: money,
      }),
    ),
    quotes: z.object({
      created: z.number().int(),
      sent: z.number().int(),
      accepted: z.number().int(),
      acceptedValueCents: money,
      conversion: z.number().nullable(),
      medianHoursToAccept: z.number().nullable(),
    }),
    cancellations: z.object({
      scheduled: z.number().int(),
      cancelled: z.number().int(),
      noShows: z.number().int(),
      cancelledValueCents: money,
      noShowValueCents: money,
      rate: z.number().nullable(),
    }),
    promoCodes: z.array(
      z.object({ code: z.string(), bookings: z.number().int(), revenueCents: money, discountCents: money }),
    ),
    ratings: z.array(z.object({ month: z.string(), rating: z.number(), reviews: z.number().int() })),
    invoiceAging: z.array(
      z.object({ bucket: z.string(), label: z.string(), invoices: z.number().int(), balanceCents: money }),
    ),
    addOns: z.array(
      z.object({
        addOnId: z.string(),
        name: z.string(),
        serviceName: z.string(),
        serviceBookings: z.number().int(),
        bookings: z.number().int(),
        attachRate: z.number().nullable(),
        revenueCents: money,
      }),
    ),
  })
  .openapi('OwnerAdvancedAnalytics');

const errors = {
  400: errorResponses[400],
  401: errorResponses[401],
  402: errorResponses[402],
  403: errorResponses[403],
};

const basicRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary:
    "Revenue (net of tax and tips), tips, bookings, average ticket and customers for a period of the business's days, with the previous period",
  request: { query: ownerAnalyticsQuerySchema },
  responses: { 200: json(basicSchema), ...errors },
});
const advancedRoute = createRoute({
  method: 'get',
  path: '/advanced',
  tags,
  summary:
    'By service and technician, cohorts, quotes, cancellations, promo codes, ratings and invoice aging (Pro and Elite; 402 on Starter)',
  request: { query: ownerAnalyticsQuerySchema },
  responses: { 200: json(advancedSchema), ...errors },
});
const csvRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags,
  summary: 'One table of /analytics as CSV (advanced reports: Pro and Elite)',
  request: { query: ownerAnalyticsQuerySchema.extend({ report: z.enum(OWNER_REPORTS) }) },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...errors },
});

const labourRateSchema = z.object({ hourlyCostCents: money.nullable() }).openapi('LabourRate');
const labourRateRoute = createRoute({
  method: 'get',
  path: '/labour-rate',
  tags,
  summary: "The business's labour cost per hour, used for labour and profit by service (Pro and Elite)",
  responses: { 200: json(labourRateSchema), ...errors },
});
const saveLabourRateRoute = createRoute({
  method: 'put',
  path: '/labour-rate',
  tags,
  summary: "Sets the business's labour cost per hour in cents (Pro and Elite)",
  request: { body: { content: { 'application/json': { schema: labourRateBodySchema } }, required: true } },
  responses: { 200: json(labourRateSchema), ...errors },
});

async function periodOf(
  db: Parameters<typeof businessToday>[0],
  businessId: string,
  q: { from?: string; to?: string; locationId?: string },
) {
  const { today, timeZone } = await businessToday(db, businessId);
  const period = resolveOwnerPeriod(q, today);
  if ('error' in period) throw invalid(period.error);
  // Another business's location, or no such location, is 404 (decision 1311).
  await assertOwnLocation(db, businessId, q.locationId);
  return { period: period as OwnerPeriod, timeZone, locationId: q.locationId ?? null };
}

export const ownerAnalyticsRoutes = createRouter();
// The owner's figures: technicians are refused by requireUser's list (decision 1160), and by requireOwner here.
ownerAnalyticsRoutes.use('*', requireUser, requireOwner);
ownerAnalyticsRoutes.use('/advanced', requireFeature('advanced_analytics'));
ownerAnalyticsRoutes.use('/labour-rate', requireFeature('advanced_analytics'));

export const ownerAnalyticsApi = ownerAnalyticsRoutes
  .openapi(basicRoute, async (c) => {
    // Reports tolerate a second of lag: the read replica when there is one (decision 1293).
    const db = readDbOf(c.var.deps);
    const { period, timeZone, locationId } = await periodOf(db, c.var.businessId, c.req.valid('query'));
    const plan = await loadPlan(db, c.var.businessId);
    const figures = await ownerAnalytics(db, c.var.businessId, period, locationId);
    return c.json({ ...figures, timeZone, advanced: planIncludes(plan.plan, 'advanced_analytics') }, 200);
  })
  .openapi(advancedRoute, async (c) => {
    const db = readDbOf(c.var.deps);
    const { period, locationId } = await periodOf(db, c.var.businessId, c.req.valid('query'));
    const [figures, memberships] = await Promise.all([
      ownerAdvancedAnalytics(db, c.var.businessId, period, locationId),
      recurringRevenue(db, c.var.businessId),
    ]);
    return c.json({ ...figures, memberships }, 200);
  })
  .openapi(labourRateRoute, async (c) =>
    c.json({ hourlyCostCents: await labourRateOf(c.var.deps.db, c.var.businessId) }, 200),
  )
  .openapi(saveLabourRateRoute, async (c) =>
    c.json(await saveLabourRate(c.var.deps.db, c.var.businessId, c.req.valid('json').hourlyCostCents), 200),
  )
  .openapi(csvRoute, async (c) => {
    const db = readDbOf(c.var.deps);
    const { report, ...asked } = c.req.valid('query');
    const { period, locationId } = await periodOf(db, c.var.businessId, asked);
    let rows: Array<Array<string | number | null>>;
    if (report === 'revenue' || report === 'customers') {
      rows = basicReportRows(report, await ownerAnalytics(db, c.var.businessId, period, locationId));
    } else {
      const plan = await loadPlan(db, c.var.businessId);
      if (!isAdvancedReport(report) || !planIncludes(plan.plan, 'advanced_analytics'))
        throw paymentRequired(upgradeMessage('advanced_analytics'));
      rows =
        report === 'memberships'
          ? membershipReportRows(await recurringRevenue(db, c.var.businessId))
          : advancedReportRows(
              report,
              await ownerAdvancedAnalytics(db, c.var.businessId, period, locationId),
            );
    }
    c.header('Content-Disposition', `attachment; filename="${report}-${period.from}-to-${period.to}.csv"`);
    return c.body(reportCsv(rows), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });
