import { zodResolver } from '@hookform/resolvers/zod';
import { BarChart3, Download, Lock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { dollarsToCents, formatCents, formatMoney } from '../../../shared/money';
import {
  changeOf,
  LABOUR_TEXT,
  type LabourRateForm as LabourRateFormValues,
  labourRateFormSchema,
  OWNER_ANALYTICS_PRESETS,
  type OwnerFilter,
  type OwnerPeriod,
  type OwnerReport,
  presetPeriod,
  resolveOwnerPeriod,
} from '../../../shared/owner-analytics';
import { formatPercent } from '../../../shared/percent';
import { upgradeMessage } from '../../../shared/plan-features';
import { formatCalendarDate, todayInZone, viewerTimeZone } from '../../../shared/time';
import { useLocationChoices } from '../../api/locations';
import {
  type OwnerAdvancedAnalytics,
  type OwnerAnalytics,
  ownerReportCsvUrl,
  useOwnerAdvancedAnalytics,
  useOwnerAnalytics,
  useSaveLabourRate,
} from '../../api/owner-analytics';
import { ALL_LOCATIONS, LocationFilter } from '../../components/domain/location-filter';
import { PeriodPicker } from '../../components/domain/period-picker';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { StatCard } from '../../components/ui/stat-card';
import { TableHead } from '../../components/ui/table-head';
import { cn } from '../../lib/class-merge';

// The owner's /analytics (docs/decisions/1191). recharts comes with the charts module, loaded here only.
const charts = () => import('./owner-analytics-charts');
const RevenueChart = lazy(() => charts().then((m) => ({ default: m.RevenueChart })));
const MoneyBars = lazy(() => charts().then((m) => ({ default: m.MoneyBars })));
const RatingChart = lazy(() => charts().then((m) => ({ default: m.RatingChart })));

/**
 * The location asked for in the address (?location=), when it is one of the business's two or more active locations
 * (decision 1311): a business with one location sees no picker and its figures are the business's.
 */
function useLocation(): [Array<{ id: string; name: string }>, string | undefined, (v: string) => void] {
  const [params, setParams] = useSearchParams();
  const choices = useLocationChoices();
  const asked = params.get('location');
  const locationId = choices.some((l) => l.id === asked) ? (asked ?? undefined) : undefined;
  const set = (v: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (v === ALL_LOCATIONS) next.delete('location');
      else next.set('location', v);
      return next;
    });
  return [choices, locationId, set];
}

function usePeriod(today: string): [OwnerPeriod, string | null, (p: OwnerPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const resolved = resolveOwnerPeriod(asked, today);
  const period = 'error' in resolved ? presetPeriod(30, today) : resolved;
  const set = (p: OwnerPeriod) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('from', p.from);
      next.set('to', p.to);
      return next;
    });
  return [period, 'error' in resolved ? resolved.error : null, set];
}

function Change({ current, previous, money }: { current: number; previous: number; money?: boolean }) {
  const change = changeOf(current, previous);
  const before = money ? formatCents(previous) : String(previous);
  if (change === null) return <span>vs {before} before</span>;
  const up = change > 0;
  return (
    <span>
      <span
        className={cn('font-medium', up ? 'text-green-700' : change < 0 ? 'text-red-700' : 'text-slate-600')}
      >
        {up ? '▲' : change < 0 ? '▼' : ''} {formatPercent(Math.abs(change))}
      </span>{' '}
      vs {before} before
    </span>
  );
}

function CsvLink({ report, period }: { report: OwnerReport; period: OwnerFilter }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={ownerReportCsvUrl(report, period)} download aria-label={`Export ${report} as CSV`}>
        <Download /> CSV
      </a>
    </Button>
  );
}

function Section({
  title,
  description,
  csv,
  children,
}: {
  title: string;
  description: string;
  csv?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle asHeading="h2">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {csv}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A plain table beside every chart: the same figures, readable without the chart. */
function Table({
  label,
  head,
  rows,
}: {
  label: string;
  head: string[];
  rows: Array<Array<string | number>>;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <TableHead
          variant="inline"
          columns={head.map((h, i) => ({ label: h, align: i > 0 ? ('right' as const) : undefined }))}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])} className="border-t border-slate-100">
              {r.map((cell, i) => (
                <td
                  key={`${head[i]}`}
                  className={cn('py-2 pr-3 last:pr-0', i > 0 && 'text-right tabular-nums')}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => (
  <p className="py-6 text-center text-sm text-slate-600">{children}</p>
);

const chartFallback = <Skeleton className="h-56 w-full" />;

function Basic({ data, period }: { data: OwnerAnalytics; period: OwnerFilter }) {
  const [unit, setUnit] = useState<'week' | 'month'>('week');
  const s = data.summary;
  const p = data.previousSummary;
  const points = unit === 'week' ? data.weekly : data.monthly;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Revenue"
          value={formatCents(s.revenueCents)}
          hint={<Change current={s.revenueCents} previous={p.revenueCents} money />}
        />
        <StatCard
          label="Tips"
          value={formatCents(s.tipsCents)}
          hint="Passed to you in full, not in revenue"
        />
        <StatCard
          label="Completed bookings"
          value={String(s.completedBookings)}
          hint={<Change current={s.completedBookings} previous={p.completedBookings} />}
        />
        <StatCard
          label="Average ticket"
          value={formatCents(s.averageTicketCents)}
          hint={<Change current={s.averageTicketCents} previous={p.averageTicketCents} money />}
        />
        <StatCard
          label="Customers"
          value={String(s.customers)}
          hint={`${s.newCustomers} new · ${s.returningCustomers} returning`}
        />
        <StatCard
          label="Repeat rate"
          value={formatPercent(s.repeatRate)}
          hint="Returning ÷ customers served"
        />
        <StatCard
          label="Retention"
          value={formatPercent(s.retention)}
          hint="Served last period and again in this one"
        />
        <StatCard label="Refunds" value={formatCents(s.refundsCents)} hint="Taken off revenue" />
      </dl>
      <Section
        title="Revenue"
        description="Completed jobs by appointment date, without tax and tips, less refunds."
        csv={<CsvLink report="revenue" period={period} />}
      >
        <fieldset className="flex gap-2">
          <legend className="sr-only">Group by</legend>
          {(['week', 'month'] as const).map((u) => (
            <Button
              key={u}
              type="button"
              size="sm"
              variant={unit === u ? 'navy' : 'outline'}
              aria-pressed={unit === u}
              onClick={() => setUnit(u)}
            >
              By {u}
            </Button>
          ))}
        </fieldset>
        {points.length === 0 ? (
          <Empty>Revenue appears here once jobs in this period are completed.</Empty>
        ) : (
          <>
            <Suspense fallback={chartFallback}>
              <RevenueChart points={points} unit={unit} />
            </Suspense>
            <Table
              label={`Revenue by ${unit}`}
              head={[unit === 'week' ? 'Week of' : 'Month', 'Revenue', 'Tips', 'Jobs', 'Avg. ticket']}
              rows={points.map((x) => [
                formatCalendarDate(x.start, { weekday: false, day: unit === 'week' }),
                formatCents(x.revenueCents),
                formatCents(x.tipsCents),
                x.completedBookings,
                formatCents(x.averageTicketCents),
              ])}
            />
          </>
        )}
      </Section>
    </>
  );
}

/** The owner's labour cost per hour: turns the recorded job hours into labour and profit (docs/decisions/1240). */
function LabourRateForm({ hourlyCostCents }: { hourlyCostCents: number | null }) {
  const save = useSaveLabourRate();
  const form = useForm<LabourRateFormValues>({
    resolver: zodResolver(labourRateFormSchema),
    values: { hourlyCost: hourlyCostCents === null ? '' : formatMoney(hourlyCostCents) },
  });
  const error = form.formState.errors.hourlyCost?.message;
  const onSubmit = form.handleSubmit(async ({ hourlyCost }) => {
    try {
      await save.mutateAsync(dollarsToCents(hourlyCost) ?? 0);
      toast.success(LABOUR_TEXT.saved);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  });
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
      <Field id="labour-rate" label="Labour cost per hour ($)" error={error}>
        <Input inputMode="decimal" placeholder="e.g. 25" className="w-36" {...form.register('hourlyCost')} />
      </Field>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        Save
      </Button>
      {hourlyCostCents === null && (
        <p className="basis-full text-xs text-slate-600">
          Set it to see labour cost and profit after labour.
        </p>
      )}
    </form>
  );
}

function Advanced({ data, period }: { data: OwnerAdvancedAnalytics; period: OwnerFilter }) {
  const q = data.quotes;
  const c = data.cancellations;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section
        title="By service"
        description="Revenue, materials from inventory used on the jobs, labour from the technicians' recorded times, and profit."
        csv={<CsvLink report="services" period={period} />}
      >
        <LabourRateForm hourlyCostCents={data.hourlyCostCents} />
        {data.byService.length === 0 ? (
          <Empty>Each service's revenue and profit appear here once its jobs are completed.</Empty>
        ) : (
          <>
            <Suspense fallback={chartFallback}>
              <MoneyBars
                label="Revenue by service"
                rows={data.byService.map((s) => ({ name: s.serviceName, cents: s.revenueCents }))}
              />
            </Suspense>
            <Table
              label="Revenue by service"
              head={['Service', 'Jobs', 'Revenue', 'Materials', 'Labour hours', 'Labour', 'Profit']}
              rows={data.byService.map((s) => [
                s.serviceName,
                s.completedBookings,
                formatCents(s.revenueCents),
                formatCents(s.materialsCents),
                s.labourHours ?? '—',
                s.labourCents === null ? '—' : formatCents(s.labourCents),
                formatCents(s.profitCents),
              ])}
            />
          </>
        )}
      </Section>
      <Section
        title="By technician"
        description="Completed jobs, revenue, booked hours, hours recorded on the jobs and rating. Utilisation is booked hours ÷ clocked shift hours."
        csv={<CsvLink report="technicians" period={period} />}
      >
        {data.byTechnician.length === 0 ? (
          <Empty>Each technician's jobs appear here once jobs are completed.</Empty>
        ) : (
          <>
            <Suspense fallback={chartFallback}>
              <MoneyBars
                label="Revenue by technician"
                rows={data.byTechnician.map((t) => ({ name: t.name, cents: t.revenueCents }))}
              />
            </Suspense>
            <Table
              label="Revenue by technician"
              head={[
                'Technician',
                'Jobs',
                'Revenue',
                'Booked hours',
                'On jobs',
                'Shifts',
                'Utilisation',
                'Rating',
              ]}
              rows={data.byTechnician.map((t) => [
                t.name,
                t.completedBookings,
                formatCents(t.revenueCents),
                t.bookedHours,
                t.jobHours ?? '—',
                t.shiftHours ?? '—',
                formatPercent(t.utilisation),
                t.rating === null ? '—' : t.rating.toFixed(1),
              ])}
            />
          </>
        )}
      </Section>
      <Section
        title="Lifetime value by first booking"
        description="Customers grouped by the month of their first completed job: what each group has spent since."
        csv={<CsvLink report="cohorts" period={period} />}
      >
        {data.cohorts.length === 0 ? (
          <Empty>Cohorts appear once customers complete their first job.</Empty>
        ) : (
          <Table
            label="Lifetime value by cohort"
            head={['First job', 'Customers', 'Jobs', 'Revenue', 'Per customer']}
            rows={data.cohorts.map((x) => [
              formatCalendarDate(`${x.cohort}-01`, { weekday: false, day: false }),
              x.customers,
              x.bookings,
              formatCents(x.revenueCents),
              formatCents(x.lifetimeValueCents),
            ])}
          />
        )}
      </Section>
      <Section
        title="Cancellations and no-shows"
        description="Jobs booked for this period that did not happen, and the revenue they cost."
        csv={<CsvLink report="cancellations" period={period} />}
      >
        <dl className="grid grid-cols-2 gap-3">
          <StatCard
            label="Cancelled"
            value={String(c.cancelled)}
            hint={`${formatCents(c.cancelledValueCents)} lost`}
          />
          <StatCard
            label="No-shows"
            value={String(c.noShows)}
            hint={`${formatCents(c.noShowValueCents)} lost`}
          />
        </dl>
        <p className="text-sm text-slate-600">
          {formatPercent(c.rate)} of {c.scheduled} scheduled jobs.
        </p>
      </Section>
      <Section
        title="Quotes"
        description="Quotes created in this period: how many were accepted, and how fast."
        csv={<CsvLink report="quotes" period={period} />}
      >
        <dl className="grid grid-cols-2 gap-3">
          <StatCard
            label="Conversion"
            value={formatPercent(q.conversion)}
            hint={`${q.accepted} of ${q.sent} sent`}
          />
          <StatCard
            label="Time to accept"
            value={q.medianHoursToAccept === null ? '—' : `${q.medianHoursToAccept} h`}
            hint={`Median · ${formatCents(q.acceptedValueCents)} accepted`}
          />
        </dl>
      </Section>
      <Section
        title="Promo codes"
        description="Bookings made with each code, and their revenue."
        csv={<CsvLink report="promo-codes" period={period} />}
      >
        {data.promoCodes.length === 0 ? (
          <Empty>Bookings made with your promo codes appear here.</Empty>
        ) : (
          <Table
            label="Promo codes"
            head={['Code', 'Bookings', 'Revenue', 'Discount']}
            rows={data.promoCodes.map((p) => [
              p.code,
              p.bookings,
              formatCents(p.revenueCents),
              formatCents(p.discountCents),
            ])}
          />
        )}
      </Section>
      <Section
        title="Add-ons"
        description="How often each add-on is taken: bookings of its service that added it (cancelled and no-shows left out)."
        csv={<CsvLink report="add-ons" period={period} />}
      >
        {data.addOns.length === 0 ? (
          <Empty>Add-ons you offer on your services appear here with their attach rate.</Empty>
        ) : (
          <Table
            label="Add-on attach rate"
            head={['Add-on', 'Service', 'Taken', 'Attach rate', 'Revenue']}
            rows={data.addOns.map((a) => [
              a.name,
              a.serviceName,
              `${a.bookings} of ${a.serviceBookings}`,
              formatPercent(a.attachRate),
              formatCents(a.revenueCents),
            ])}
          />
        )}
      </Section>
      <Section
        title="Memberships"
        description="Recurring revenue today: what your plan members pay each month, churn this calendar month and the plan visits ahead."
        csv={<CsvLink report="memberships" period={period} />}
      >
        {!data.memberships.hasPlans ? (
          <Empty>Maintenance plans you offer appear here with their members and monthly revenue.</Empty>
        ) : (
          <Table
            label="Memberships"
            head={['Figure', 'Value']}
            rows={[
              ['Monthly recurring revenue', formatCents(data.memberships.mrrCents)],
              ['Active members', data.memberships.members.active],
              ['On hold', data.memberships.members.held],
              ['Suspended', data.memberships.members.suspended],
              [
                'Churn this month',
                `${formatPercent(data.memberships.churn.rate)} (${data.memberships.churn.cancelledThisMonth} of ${data.memberships.churn.activeAtMonthStart})`,
              ],
              [
                `Plan visits, next ${data.memberships.upcomingDays} days`,
                data.memberships.upcomingPlanVisits,
              ],
            ]}
          />
        )}
      </Section>
      <Section
        title="Review ratings"
        description="The average rating of reviews received each month."
        csv={<CsvLink report="ratings" period={period} />}
      >
        {data.ratings.length === 0 ? (
          <Empty>Ratings appear here as customers review their jobs.</Empty>
        ) : (
          <>
            <Suspense fallback={chartFallback}>
              <RatingChart rows={data.ratings} />
            </Suspense>
            <Table
              label="Ratings by month"
              head={['Month', 'Average', 'Reviews']}
              rows={data.ratings.map((r) => [
                formatCalendarDate(`${r.month}-01`, { weekday: false, day: false }),
                r.rating.toFixed(2),
                r.reviews,
              ])}
            />
          </>
        )}
      </Section>
      <Section
        title="Invoice aging"
        description="What customers owe today, by how long it is overdue."
        csv={<CsvLink report="invoice-aging" period={period} />}
      >
        {data.invoiceAging.every((b) => b.invoices === 0) ? (
          <Empty>Nothing is owed: unpaid invoices appear here by days past due.</Empty>
        ) : (
          <>
            <Suspense fallback={chartFallback}>
              <MoneyBars
                label="Balance by days past due"
                rows={data.invoiceAging.map((b) => ({ name: b.label, cents: b.balanceCents }))}
              />
            </Suspense>
            <Table
              label="Invoice aging"
              head={['Past due', 'Invoices', 'Balance']}
              rows={data.invoiceAging.map((b) => [b.label, b.invoices, formatCents(b.balanceCents)])}
            />
          </>
        )}
      </Section>
    </div>
  );
}

/** /analytics: the owner's revenue, bookings and customers; Pro and Elite add the advanced reports (§9). */
export function OwnerAnalyticsPage() {
  // The business's zone comes with the figures; until then the viewer's today is close enough for the presets.
  const [zone, setZone] = useState<string | null>(null);
  const today = todayInZone(zone ?? viewerTimeZone());
  const [period, error, setPeriod] = usePeriod(today);
  const [locationChoices, locationId, setLocation] = useLocation();
  const filter: OwnerFilter = locationId ? { ...period, locationId } : period;
  const basic = useOwnerAnalytics(filter);
  if (basic.data && basic.data.timeZone !== zone) setZone(basic.data.timeZone);
  const advanced = useOwnerAdvancedAnalytics(filter, Boolean(basic.data?.advanced));
  const presets = OWNER_ANALYTICS_PRESETS.map((p) => ({
    id: p.id,
    label: p.label,
    period: presetPeriod(p.days, today),
  }));

  return (
    <>
      <PageHeader
        title="Analytics"
        description="Revenue, bookings and customers for a period of your business's days, compared with the period before."
      />
      <PeriodPicker
        period={period}
        onChange={setPeriod}
        validate={(p) => {
          const r = resolveOwnerPeriod(p, today);
          return 'error' in r ? r.error : null;
        }}
        error={error}
        presets={presets}
      >
        {locationChoices.length > 0 && (
          <div className="mt-3 flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
            <LocationFilter
              choices={locationChoices}
              value={locationId ?? ALL_LOCATIONS}
              onChange={setLocation}
            />
            {locationId && (
              <p className="text-xs text-slate-600">
                Quotes, ratings and memberships are the whole business's.
              </p>
            )}
          </div>
        )}
        {basic.data && (
          <p className="mt-2 text-xs text-slate-600">
            {formatCalendarDate(basic.data.period.from, { weekday: false })} –{' '}
            {formatCalendarDate(basic.data.period.to, { weekday: false })}, compared with{' '}
            {formatCalendarDate(basic.data.previous.from, { weekday: false })} –{' '}
            {formatCalendarDate(basic.data.previous.to, { weekday: false })} ({basic.data.timeZone}).
          </p>
        )}
      </PeriodPicker>
      {basic.isPending ? (
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
      ) : basic.isError ? (
        <ErrorState
          message="Failed to load analytics"
          onRetry={() => void basic.refetch()}
          retrying={basic.isFetching}
        />
      ) : (
        <div className="grid gap-6">
          {basic.data.summary.bookings === 0 && basic.data.summary.completedBookings === 0 ? (
            <EmptyState
              icon={BarChart3}
              title="No bookings in this period"
              description="Revenue, bookings and customers appear here as jobs are booked and completed. Try a longer period."
            />
          ) : (
            <Basic data={basic.data} period={filter} />
          )}
          <Section
            title="Customers"
            description="New and returning customers served in this period."
            csv={<CsvLink report="customers" period={filter} />}
          >
            <Table
              label="Customers"
              head={['Figure', 'This period', 'Before']}
              rows={[
                ['Customers served', basic.data.summary.customers, basic.data.previousSummary.customers],
                ['New', basic.data.summary.newCustomers, basic.data.previousSummary.newCustomers],
                [
                  'Returning',
                  basic.data.summary.returningCustomers,
                  basic.data.previousSummary.returningCustomers,
                ],
                [
                  'Repeat rate',
                  formatPercent(basic.data.summary.repeatRate),
                  formatPercent(basic.data.previousSummary.repeatRate),
                ],
              ]}
            />
          </Section>
          {!basic.data.advanced ? (
            <Card className="p-6">
              <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
                <Lock className="size-6 text-slate-500" aria-hidden />
                <p className="flex-1 text-sm text-slate-700">
                  {upgradeMessage('advanced_analytics')} It adds revenue and profit by service and technician,
                  lifetime value, quotes, cancellations, promo codes, ratings and invoice aging.
                </p>
                <Button asChild>
                  <Link to="/billing">See plans</Link>
                </Button>
              </div>
            </Card>
          ) : advanced.isPending ? (
            <Skeleton className="h-64 w-full rounded-xl" />
          ) : advanced.isError ? (
            <ErrorState
              message="Failed to load the reports"
              onRetry={() => void advanced.refetch()}
              retrying={advanced.isFetching}
            />
          ) : (
            <Advanced data={advanced.data} period={filter} />
          )}
        </div>
      )}
    </>
  );
}
