// The owner's analytics at scale for `npm run bench -- --only=analytics` (docs/decisions/1191): the demo business
// filled as for the scale part (100,000 bookings, 20,000 customers: scripts/bench-scale.ts), then each /analytics
// request timed through HTTP, one at a time, for a month and for a year. Goal: < 100 ms each.
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
