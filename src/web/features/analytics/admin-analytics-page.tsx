import { ArrowLeft, BarChart3, Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type AnalyticsPeriod,
  defaultAnalyticsPeriod,
  isoDay,
  resolveAnalyticsPeriod,
} from '../../../shared/analytics';
import { formatCents } from '../../../shared/money';
import { formatPercent } from '../../../shared/percent';
import { addDays } from '../../../shared/time';
import { type Analytics, analyticsCsvUrl, useAnalytics } from '../../api/analytics';
import { PeriodPicker } from '../../components/domain/period-picker';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { StatCard } from '../../components/ui/stat-card';
import { TableHead } from '../../components/ui/table-head';

// The charts (recharts) load on their own, after the figures: no public page and not even the admin shell carries them.
const charts = () => import('./analytics-charts');
const BookingsChart = lazy(() => charts().then((m) => ({ default: m.BookingsChart })));
const GrossValueChart = lazy(() => charts().then((m) => ({ default: m.GrossValueChart })));
const SignUpsChart = lazy(() => charts().then((m) => ({ default: m.SignUpsChart })));
const ZipChecksChart = lazy(() => charts().then((m) => ({ default: m.ZipChecksChart })));
const WaitlistChart = lazy(() => charts().then((m) => ({ default: m.WaitlistChart })));

const PRESETS = [
  { id: '4w', label: 'Last 4 weeks', days: 28 },
  { id: '12w', label: 'Last 12 weeks', days: 84 },
  { id: '52w', label: 'Last 52 weeks', days: 364 },
];

function usePeriod(): [AnalyticsPeriod, string | null, (p: Partial<AnalyticsPeriod>) => void] {
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const resolved = resolveAnalyticsPeriod(asked);
  const period = 'error' in resolved ? defaultAnalyticsPeriod() : resolved;
  const set = (p: Partial<AnalyticsPeriod>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(p)) if (v) next.set(k, v);
      return next;
    });
  return [period, 'error' in resolved ? resolved.error : null, set];
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-56 w-full" />}>{children}</Suspense>
      </CardContent>
    </Card>
  );
}

function Figures({ data }: { data: Analytics }) {
  const t = data.totals;
  return (
    <>
      <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Sign-ups" value={String(t.signUps)} />
        <StatCard
          label="Active businesses"
          value={String(t.activeBusinesses)}
          hint="with a booking in the period"
        />
        <StatCard
          label="Bookings"
          value={String(t.bookings)}
          hint={`${t.leads} unassigned ${t.leads === 1 ? 'lead' : 'leads'} besides`}
        />
        <StatCard
          label="Gross booking value"
          value={formatCents(t.grossValueCents)}
          hint={`${formatCents(t.completedRevenueCents)} completed`}
        />
        <StatCard label="Tips" value={formatCents(t.tipsCents)} />
        <StatCard
          label="Zip checks → bookings"
          value={formatPercent(t.zipCheckConversion)}
          hint={`${t.bookingsWithZip} bookings / ${t.zipChecks} checks`}
        />
        <StatCard label="Waitlist sign-ups" value={String(t.waitlistEntries)} />
        <StatCard
          label="Bookings from SEO pages"
          value={String(t.seoBookings)}
          hint={`${t.seoPagesLive} SEO pages live`}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title="Bookings by week" description="Bookings made each week (leads not included).">
          <BookingsChart weeks={data.weeks} />
        </ChartCard>
        <ChartCard
          title="Gross booking value by week"
          description="Booking value (cancelled and no-shows excluded) and tips."
        >
          <GrossValueChart weeks={data.weeks} />
        </ChartCard>
        <ChartCard title="Sign-ups by week" description="New accounts (owners and technicians) each week.">
          <SignUpsChart weeks={data.weeks} />
        </ChartCard>
        <ChartCard
          title="Zip checks by week"
          description={`${data.totals.zipChecks} checks, ${data.totals.zipChecksServed} in served areas; ${data.totals.bookingsWithZip} bookings followed.`}
        >
          <ZipChecksChart weeks={data.weeks} />
        </ChartCard>
        <ChartCard
          title="Waitlist demand by zip"
          description="Where people asked to be told when ShineRoute launches."
        >
          {data.waitlistByZip.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600">No waitlist sign-ups in this period.</p>
          ) : (
            <WaitlistChart rows={data.waitlistByZip} />
          )}
        </ChartCard>
        <Card>
          <CardHeader>
            <CardTitle asHeading="h2">SEO pages</CardTitle>
            <CardDescription>
              {t.seoPagesLive} live, {t.seoPagesCreated} created in this period; {t.seoBookings} bookings
              worth {formatCents(t.seoGrossValueCents)} came from them.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {data.seoLandingPages.length === 0 ? (
              <p className="text-sm text-slate-600">No bookings came from an SEO page in this period.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <TableHead
                    variant="inline"
                    columns={[
                      { label: 'Landing page' },
                      { label: 'Bookings', align: 'right' },
                      { label: 'Value', align: 'right' },
                    ]}
                  />
                  <tbody>
                    {data.seoLandingPages.map((p) => (
                      <tr key={p.path} className="border-t border-slate-100">
                        <td className="max-w-0 truncate py-2 pr-3">
                          <a
                            href={p.path}
                            className="text-accent hover:underline"
                            target="_blank"
                            rel="noreferrer"
                          >
                            {p.path}
                          </a>
                        </td>
                        <td className="py-2 pr-3 text-right tabular-nums">{p.bookings}</td>
                        <td className="py-2 text-right tabular-nums">{formatCents(p.grossValueCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** /admin/analytics: platform figures for a chosen period, with charts and a CSV export (docs/decisions/0830). */
export function AdminAnalyticsPage() {
  const [period, error, setPeriod] = usePeriod();
  const query = useAnalytics(period);
  const today = isoDay(new Date());
  const presets = PRESETS.map((p) => ({
    id: p.id,
    label: p.label,
    period: { from: addDays(today, -(p.days - 1)), to: today },
  }));

  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/admin">
          <ArrowLeft /> Back to Admin
        </Link>
      </Button>
      <PageHeader
        title="Analytics"
        description="Platform sign-ups, bookings, revenue, demand and SEO for a chosen period (UTC days)."
        actions={
          <Button asChild variant="outline">
            <a href={analyticsCsvUrl(period)} download>
              <Download /> Export CSV
            </a>
          </Button>
        }
      />
      <PeriodPicker
        period={period}
        onChange={setPeriod}
        validate={(p) => {
          const r = resolveAnalyticsPeriod(p);
          return 'error' in r ? r.error : null;
        }}
        error={error}
        presets={presets}
        max={today}
      />
      {query.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading"
          className="grid grid-cols-2 gap-3 lg:grid-cols-4"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState
          message="Failed to load analytics"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.weeks.length === 0 ? (
        <EmptyState icon={BarChart3} title="Nothing in this period" />
      ) : (
        <Figures data={query.data} />
      )}
    </>
  );
}
