import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { BILLING_TEXT } from '../../../shared/billing';
import { PLANS, TIER_LABELS, type SubscriptionTier } from '../../../shared/constants';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { cn } from '../../lib/utils';
import { useBilling, useChangePlan, useCustomerPortal, useSubscriptionCheckout } from './billing-queries';

const STATE_TEXT = { trialing: 'Free trial', active: 'Active', lapsed: 'Lapsed' } as const;

export function BillingPage() {
  const { data, isPending, isError, refetch, isRefetching } = useBilling();
  const testChange = useChangePlan();
  const checkout = useSubscriptionCheckout();
  const portal = useCustomerPortal();
  const stripe = data?.mode === 'stripe';
  const change = stripe ? checkout : testChange;
  const onError = (err: Error) => toast.error('Error', { description: err.message });
  // Test mode records the change at once; with Stripe the owner pays on Checkout and the webhook changes the plan.
  const choose = (plan: SubscriptionTier) =>
    stripe
      ? checkout.mutate(plan, { onError })
      : testChange.mutate(plan, {
          onSuccess: () => toast.success('Success', { description: BILLING_TEXT.planChanged(TIER_LABELS[plan]) }),
          onError,
        });

  return (
    <div>
      <PageHeader title="Billing" description="Your plan, your trial and what each plan includes." />
      {isPending ? (
        <RowsSkeleton rows={4} />
      ) : isError ? (
        <ErrorState message={BILLING_TEXT.fetchFailed} onRetry={() => refetch()} retrying={isRefetching} />
      ) : (
        <div className="space-y-6">
          <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="text-sm text-slate-600">Current plan</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <span className="text-2xl font-bold text-slate-900" data-testid="current-plan">
                  {TIER_LABELS[data.plan]}
                </span>
                <Badge tone={data.state === 'lapsed' ? 'red' : data.state === 'trialing' ? 'amber' : 'green'}>
                  {STATE_TEXT[data.state]}
                </Badge>
              </div>
              {data.state === 'trialing' && (
                <p className="mt-1 text-sm text-slate-600" data-testid="trial-days">
                  {data.trialDaysLeft} {data.trialDaysLeft === 1 ? 'day' : 'days'} left in your free trial
                </p>
              )}
              {data.state === 'lapsed' && (
                <p className="mt-1 text-sm text-red-700">Your data stays readable; choose a plan to make changes again.</p>
              )}
            </div>
            <div className="text-sm text-slate-600">
              <p>
                Team seats: <span className="font-semibold text-slate-900">{data.seats.used}</span> of{' '}
                {data.seats.limit ?? 'unlimited'}
              </p>
              {data.mode === 'test' && <p className="mt-1 text-xs text-slate-500">Test mode: plan changes apply at once, no card needed.</p>}
              {data.mode === 'stripe' && data.memberRole === 'owner' && (
                <Button variant="outline" size="sm" className="mt-2" loading={portal.isPending} onClick={() => portal.mutate(undefined, { onError })}>
                  Manage subscription
                </Button>
              )}
            </div>
          </Card>

          <div className="grid gap-4 lg:grid-cols-3">
            {PLANS.map((plan) => {
              const current = plan.id === data.plan;
              return (
                <Card
                  key={plan.id}
                  role="region"
                  aria-label={`${plan.name} plan`}
                  className={cn('flex flex-col p-5', current && 'border-blue-600 ring-2 ring-blue-600')}
                >
                  <div className="flex items-center justify-between gap-2">
                    <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
                    {current ? <Badge tone="accent">Current plan</Badge> : plan.badge && <Badge>{plan.badge}</Badge>}
                  </div>
                  <p className="mt-2">
                    <span className="text-3xl font-bold text-slate-900">${plan.priceMonthly}</span>
                    <span className="text-sm text-slate-600">/month</span>
                  </p>
                  <p className="mt-1 text-sm text-slate-600">{plan.users}</p>
                  <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                    {plan.features.map((f) => (
                      <li key={f} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
                        {f}
                      </li>
                    ))}
                  </ul>
                  {data.memberRole === 'owner' && !current && (
                    <Button className="mt-5" variant={plan.id === 'pro' ? 'default' : 'outline'} disabled={change.isPending} onClick={() => choose(plan.id)}>
                      Switch to {plan.name}
                    </Button>
                  )}
                </Card>
              );
            })}
          </div>
          <p className="text-sm text-slate-600">
            Franchise: unlimited users and every Elite feature across locations; pricing on request (
            <a className="text-blue-700 underline" href="/contact">contact us</a>).
          </p>
          {data.memberRole !== 'owner' && <p className="text-sm text-slate-600">Only the business owner can change the plan.</p>}
        </div>
      )}
    </div>
  );
}
