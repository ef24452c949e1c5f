import {
  AlertTriangle,
  CalendarDays,
  CheckCircle2,
  Circle,
  Clock,
  DollarSign,
  LogOut,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TIER_LABELS } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { planIncludes } from '../../../shared/plan-features';
import { formatCalendarDate, formatDate } from '../../../shared/time';
import { useDashboard } from '../../api/dashboard';
import { useBusinessTimeZone } from '../../api/scheduling';
import { useSignOut } from '../../components/layout/owner-layout';
import { QUICK_ACTIONS } from '../../components/layout/owner-nav';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { InsightsCard } from './insights-card';
import { MembershipsCard } from './memberships-card';

/** Shown when the latest insurance certificate expires within 30 days (or has expired). */
function InsuranceNotice({ expiryDate, daysLeft }: { expiryDate: string; daysLeft: number }) {
  const date = formatCalendarDate(expiryDate, { weekday: false, month: 'long' });
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div>
          <p className="font-semibold text-amber-950" data-testid="insurance-notice">
            {daysLeft < 0
              ? `Your insurance expired on ${date}`
              : daysLeft === 0
                ? 'Your insurance expires today'
                : `Your insurance expires on ${date}`}
          </p>
          <p className="text-sm text-amber-900">
            Upload your renewed insurance certificate to stay verified.
          </p>
        </div>
      </div>
      <Button asChild variant="outline" className="border-amber-300 bg-white">
        <Link to="/verification">Upload Certificate</Link>
      </Button>
    </div>
  );
}

const EMPTY_STATS = { totalBookings: 0, totalRevenueCents: 0, totalCustomers: 0, pendingBookings: 0 };

/**
 * /dashboard. The booking link's share card and the payment step's action belong to their own features; the route
 * (src/web/routes/dashboard-route.tsx) hands them in.
 */
export function DashboardPage({
  shareCard,
  paymentStep,
}: {
  shareCard: ReactNode;
  /** What follows the "Configure payment" step: its action while not done, a note once done. */
  paymentStep: (done: boolean) => ReactNode;
}) {
  const timeZone = useBusinessTimeZone();
  const { data, isPending, isError, error } = useDashboard();
  const signOut = useSignOut();

  if (isPending) {
    return (
      <div aria-busy="true">
        <p className="mb-4 text-slate-600">Loading dashboard...</p>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      </div>
    );
  }
  // Profile and stats failures are only logged (spec §8); the dashboard then shows zeros.
  if (isError) console.warn('Failed to load dashboard', error);

  const profile = data?.profile;
  const stats = data?.stats ?? EMPTY_STATS;
  const checklist = data?.checklist;
  const verification = profile?.verificationStatus ?? 'pending';

  const cards = [
    { label: 'Total Bookings', value: String(stats.totalBookings), icon: CalendarDays, to: '/bookings' },
    {
      label: 'Total Revenue',
      value: formatCents(stats.totalRevenueCents),
      icon: DollarSign,
      to: '/bookings',
    },
    { label: 'Total Customers', value: String(stats.totalCustomers), icon: Users, to: '/customers' },
    { label: 'Pending Bookings', value: String(stats.pendingBookings), icon: Clock, to: '/bookings' },
  ];

  const steps = [
    { label: 'Account created', done: true, to: null },
    {
      label: 'Complete business profile',
      done: checklist?.profileComplete ?? false,
      to: '/business-profile',
    },
    { label: 'Set up services', done: checklist?.servicesSetUp ?? false, to: '/services' },
    { label: 'Configure payment', done: checklist?.paymentsConfigured ?? false, to: null },
  ];

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {profile?.businessName || 'Dashboard'}
            </h1>
            {profile && <Badge tone="navy">{TIER_LABELS[profile.subscriptionTier]}</Badge>}
          </div>
          <p className="mt-1 text-slate-600">
            Welcome back, {profile?.firstName} {profile?.lastName}
          </p>
          {profile?.trialEndsAt && new Date(profile.trialEndsAt) > new Date() && (
            <p className="mt-1 text-xs text-slate-500">
              Free trial until{' '}
              {formatDate(profile.trialEndsAt, timeZone, {
                weekday: false,
                year: false,
                month: 'long',
              })}
            </p>
          )}
        </div>
        <Button variant="outline" onClick={signOut}>
          <LogOut /> Sign Out
        </Button>
      </div>

      {verification !== 'verified' && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-orange-300 bg-orange-50 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex gap-3">
            <AlertTriangle className="mt-0.5 size-5 shrink-0 text-orange-600" aria-hidden="true" />
            <div>
              <p className="font-semibold text-orange-900">
                {verification === 'rejected' ? 'Verification was not approved' : 'Verify your business'}
              </p>
              <p className="text-sm text-orange-800">
                {verification === 'rejected'
                  ? 'Review the reason and upload updated documents to get verified.'
                  : 'Upload your license and insurance to earn the verified badge customers look for.'}
              </p>
            </div>
          </div>
          <Button asChild variant="outline" className="border-orange-300 bg-white">
            <Link to="/verification">Complete Verification</Link>
          </Button>
        </div>
      )}

      {data?.insuranceExpiry && <InsuranceNotice {...data.insuranceExpiry} />}

      <section aria-label="Business totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon, to }) => (
          <Link
            key={label}
            to={to}
            className="rounded-xl focus-visible:outline-2 focus-visible:outline-accent"
          >
            <Card className="h-full p-4 transition-shadow hover:shadow-md sm:p-5">
              <div className="flex items-center justify-between">
                <p className="text-sm font-medium text-slate-600">{label}</p>
                <Icon className="size-4 text-slate-400" aria-hidden="true" />
              </div>
              <p
                className="mt-2 text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl"
                data-testid={`stat-${label}`}
              >
                {value}
              </p>
            </Card>
          </Link>
        ))}
      </section>
      <p className="-mt-3 text-sm text-slate-600">
        Tips this month (kept apart from revenue):{' '}
        <strong className="tabular-nums text-slate-900" data-testid="tips-this-month">
          {formatCents(data?.tipsThisMonthCents ?? 0)}
        </strong>
      </p>

      {data?.memberships && <MembershipsCard figures={data.memberships} />}

      {profile && planIncludes(profile.subscriptionTier, 'insights') && <InsightsCard />}

      {shareCard}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 sm:grid-cols-2">
              {QUICK_ACTIONS.map(({ to, label, description, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-accent hover:bg-accent-soft"
                  >
                    <Icon className="size-5 shrink-0 text-accent" aria-hidden="true" />
                    <span>
                      <span className="block text-sm font-semibold text-slate-900">{label}</span>
                      <span className="block text-xs text-slate-600">{description}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Getting Started</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-3">
              {steps.map((step) => (
                <li
                  key={step.label}
                  className="flex flex-wrap items-center gap-3"
                  data-testid={step.label === 'Configure payment' ? 'checklist-payment' : undefined}
                >
                  {step.done ? (
                    <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-label="Done" />
                  ) : (
                    <Circle className="size-5 shrink-0 text-slate-300" aria-label="Pending" />
                  )}
                  <span
                    className={
                      step.done ? 'text-sm text-slate-500 line-through' : 'text-sm font-medium text-slate-900'
                    }
                  >
                    {step.to && !step.done ? (
                      <Link to={step.to} className="underline-offset-4 hover:underline">
                        {step.label}
                      </Link>
                    ) : (
                      step.label
                    )}
                  </span>
                  {step.label === 'Configure payment' && paymentStep(step.done)}
                </li>
              ))}
              <AutomationSteps automations={data?.automations} />
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/**
 * The checklist's automations (decision 0957): review requests are on from the start (every customer, no gating);
 * win-back stays off until the owner writes its message, with a prompt to turn it on.
 */
function AutomationSteps({
  automations,
}: {
  automations: { reviewRequests: boolean; winback: boolean } | undefined;
}) {
  if (!automations) return null;
  const to = '/campaigns?tab=automations';
  return (
    <>
      <li className="flex flex-wrap items-center gap-3" data-testid="checklist-review-requests">
        {automations.reviewRequests ? (
          <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-label="Done" />
        ) : (
          <Circle className="size-5 shrink-0 text-slate-300" aria-label="Pending" />
        )}
        <span className="text-sm font-medium text-slate-900">
          Automatic review requests: {automations.reviewRequests ? 'On' : 'Off'}
          <span className="block text-xs font-normal text-slate-600">
            {automations.reviewRequests
              ? 'Every customer is asked for a review after each completed job.'
              : 'Turn them on to ask every customer for a review after each job.'}
          </span>
        </span>
        <Link to={to} className="ml-auto text-sm text-accent underline-offset-4 hover:underline">
          {automations.reviewRequests ? 'Review settings' : 'Turn on review requests'}
        </Link>
      </li>
      <li className="flex flex-wrap items-center gap-3" data-testid="checklist-winback">
        {automations.winback ? (
          <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-label="Done" />
        ) : (
          <Circle className="size-5 shrink-0 text-slate-300" aria-label="Pending" />
        )}
        <span className="text-sm font-medium text-slate-900">
          Win-back messages: {automations.winback ? 'On' : 'Off'}
          <span className="block text-xs font-normal text-slate-600">
            {automations.winback
              ? 'Customers who have not booked in a while get your message once.'
              : 'Bring back customers who have not booked in 90 days with a message from you.'}
          </span>
        </span>
        <Link to={to} className="ml-auto text-sm text-accent underline-offset-4 hover:underline">
          {automations.winback ? 'Win-back settings' : 'Turn on win-back'}
        </Link>
      </li>
    </>
  );
}
