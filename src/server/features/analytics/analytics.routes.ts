import { createRoute, z } from '@hono/zod-openapi';
import { analyticsQuerySchema, resolveAnalyticsPeriod } from '../../../shared/analytics';
import { requireAdmin, requireUser } from '../../access/guards';
import { readDbOf } from '../../http/context';
import { invalid } from '../../http/errors';
import { createRouter, errorResponses, json } from '../../http/openapi';
import { analyticsCsv } from './analytics.csv';
import { platformAnalytics } from './analytics.service';

const tags = ['Admin analytics'];

const totalsSchema = z.object({
  signUps: z.number().int(),
  activeBusinesses: z.number().int(),
  bookings: z.number().int(),
  grossValueCents: z.number().int(),
  completedRevenueCents: z.number().int(),
  tipsCents: z.number().int(),
  leads: z.number().int(),
  zipChecks: z.number().int(),
  zipChecksServed: z.number().int(),
  bookingsWithZip: z.number().int(),
  zipCheckConversion: z.number().nullable(),
  waitlistEntries: z.number().int(),
  seoPagesLive: z.number().int(),
  seoPagesCreated: z.number().int(),
  seoBookings: z.number().int(),
  seoGrossValueCents: z.number().int(),
});

const analyticsSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }),
    totals: totalsSchema,
    weeks: z.array(
      z.object({
        weekStart: z.string(),
        signUps: z.number().int(),
        bookings: z.number().int(),
        grossValueCents: z.number().int(),
        tipsCents: z.number().int(),
        zipChecks: z.number().int(),
        seoBookings: z.number().int(),
      }),
    ),
    waitlistByZip: z.array(
      z.object({ zipCode: z.string(), entries: z.number().int(), notified: z.number().int() }),
    ),
    seoLandingPages: z.array(
      z.object({ path: z.string(), bookings: z.number().int(), grossValueCents: z.number().int() }),
    ),
  })
  .openapi('PlatformAnalytics');

const errors = { 400: errorResponses[400], 401: errorResponses[401], 403: errorResponses[403] };

const analyticsRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Platform figures for a period (whole UTC days; default the last 12 weeks)',
  request: { query: analyticsQuerySchema },
  responses: { 200: json(analyticsSchema), ...errors },
});

const csvRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags,
  summary: 'The same figures as a CSV download',
  request: { query: analyticsQuerySchema },
  responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...errors },
});

function periodOf(q: { from?: string; to?: string }) {
  const period = resolveAnalyticsPeriod(q);
  if ('error' in period) throw invalid(period.error);
  return period;
}

export const adminAnalyticsRoutes = createRouter();
adminAnalyticsRoutes.use('*', requireUser, requireAdmin);

export const adminAnalyticsApi = adminAnalyticsRoutes
  .openapi(analyticsRoute, async (c) =>
    c.json(await platformAnalytics(readDbOf(c.var.deps), periodOf(c.req.valid('query'))), 200),
  )
  .openapi(csvRoute, async (c) => {
    const period = periodOf(c.req.valid('query'));
    const csv = analyticsCsv(await platformAnalytics(readDbOf(c.var.deps), period));
    c.header(
      'Content-Disposition',
      `attachment; filename="shineroute-analytics-${period.from}-to-${period.to}.csv"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });
