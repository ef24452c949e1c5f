// The owner's analytics at scale for `npm run bench -- --only=analytics` (docs/decisions/1191): the demo business
// filled as for the scale part (100,000 bookings, 20,000 customers: scripts/bench-scale.ts), then each /analytics
// request timed through HTTP, one at a time, for a month and for a year. Goal: < 100 ms each.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/server/db/client';
import { ownerAnalyticsQueries } from '../src/server/features/analytics/owner-analytics.service';
import { timedGet } from './bench-scale';

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const day = (d: Date) => d.toISOString().slice(0, 10);

export async function analyticsFigures(url: string, cookie: string, report: (line: string) => void) {
  const today = new Date();
  const monthAgo = day(new Date(today.getTime() - 29 * 86_400_000));
  const yearAgo = day(new Date(today.getTime() - 364 * 86_400_000));
  const to = day(today);
  report('Owner analytics at scale, through HTTP, one request at a time (30 after a warm-up):');
  const line = async (title: string, path: string, goalMs = 100) => {
    const r = await timedGet(`${url}${path}`, { cookie });
    report(
      `  ${title}: median ${ms(r.median)}, p95 ${ms(r.p95)}, ${(r.bytes / 1024).toFixed(1)} KB — goal < ${goalMs} ms: ${
        r.median < goalMs ? 'within target' : 'OVER TARGET'
      }`,
    );
  };
  for (const [label, from] of [
    ['30 days', monthAgo],
    ['12 months', yearAgo],
  ] as const) {
    await line(`GET /api/analytics (${label})`, `/api/analytics?from=${from}&to=${to}`);
    await line(`GET /api/analytics/advanced (${label})`, `/api/analytics/advanced?from=${from}&to=${to}`);
  }
  await line(
    'GET /api/analytics/export.csv?report=services (12 months)',
    `/api/analytics/export.csv?report=services&from=${yearAgo}&to=${to}`,
  );
}

/**
 * Each query of /analytics timed in process on the filled database, one after another (median of 15 after a
 * warm-up), for 30 days and 12 months: what the goal (< 100 ms per query) is about, without HTTP or the other
 * queries of a request running beside it.
 */
export async function analyticsQueryFigures(db: DbOrTx, businessId: string, report: (line: string) => void) {
  const q = ownerAnalyticsQueries;
  const tz = await q.zoneOf(db, businessId);
  const today = new Date();
  const to = day(today);
  // Narrowed to a location (decision 1311): the demo business's one location holds every booking, the worst case.
  const [location] = (
    await db.execute<{ id: string }>(
      sql`select id from locations where business_id = ${businessId} and is_primary`,
    )
  ).rows;
  report('Owner analytics queries at scale, in process, one at a time (median of 15 after a warm-up):');
  for (const [label, from] of [
    ['30 days', day(new Date(today.getTime() - 29 * 86_400_000))],
    ['12 months', day(new Date(today.getTime() - 364 * 86_400_000))],
  ] as const) {
    const p = { from, to };
    const queries: [string, () => Promise<unknown>][] = [
      ['summary (with retention)', () => q.summaryOf(db, businessId, tz, p)],
      ['summary (previous period)', () => q.summaryOf(db, businessId, tz, p, false)],
      ['series by week', () => q.seriesOf(db, businessId, tz, p, 'week')],
      ['series by month', () => q.seriesOf(db, businessId, tz, p, 'month')],
      ['by service', () => q.byService(db, businessId, tz, p, 2500)],
      ['by technician', () => q.byTechnician(db, businessId, tz, p)],
      ['cohorts', () => q.cohorts(db, businessId, tz, p)],
      ['quotes', () => q.quotesOf(db, businessId, tz, p)],
      ['cancellations', () => q.cancellations(db, businessId, tz, p)],
      ['promo codes', () => q.promoCodes(db, businessId, tz, p)],
      ['ratings', () => q.ratings(db, businessId, p)],
      ['invoice aging', () => q.invoiceAging(db, businessId)],
      ['add-on attach rate', () => q.addOnAttach(db, businessId, tz, p)],
      ['summary at one location', () => q.summaryOf(db, businessId, tz, { ...p, locationId: location?.id })],
      ['cohorts at one location', () => q.cohorts(db, businessId, tz, { ...p, locationId: location?.id })],
    ];
    for (const [name, run] of queries) {
      await run();
      const samples: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const median = samples[7]!;
      report(
        `  ${label} · ${name}: median ${ms(median)}, max ${ms(samples[14]!)} — goal < 100 ms: ${median < 100 ? 'within target' : 'OVER TARGET'}`,
      );
    }
  }
}
