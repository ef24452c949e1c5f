import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { BILLING_TEXT, type PromotionView, percentOfCents, promotionText } from '../../../shared/billing';
import { PLANS, type SubscriptionTier, TIER_LABELS } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { formatDate } from '../../../shared/time';
import { useBilling, useChangePlan, useCustomerPortal, useSubscriptionCheckout } from '../../api/billing';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { cn } from '../../lib/utils';
import { AddOnsSection } from './add-ons-section';

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
    stripe ? checkout.mutate(plan, { onError }) : testChange.mutate(plan, { onError });

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
                <p className="mt-1 text-sm text-red-700">
                  Your data stays readable; choose a plan to make changes again.
                </p>
              )}
            </div>
            <div className="text-sm text-slate-600">
              <p>
                Team seats: <span className="font-semibold text-slate-900">{data.seats.used}</span> of{' '}
                {data.seats.limit ?? 'unlimited'}
              </p>
              {data.mode === 'test' && (
                <p className="mt-1 text-xs text-slate-500">
                  Test mode: plan changes apply at once, no card needed.
                </p>
              )}
              {data.mode === 'stripe' && data.memberRole === 'owner' && (
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  loading={portal.isPending}
                  onClick={() => portal.mutate(undefined, { onError })}
                >
                  Manage subscription
                </Button>
              )}
            </div>
          </Card>

          {data.promotion && (
            <p
              className="rounded-lg bg-amber-100 px-4 py-3 text-sm font-semibold text-amber-900"
              data-testid="billing-promotion"
            >
              {data.promotion.state === 'applied'
                ? `Your subscription has ${promotionText(data.promotion)}.`
                : `Limited time: ${promotionText(data.promotion)} when your subscription starts.`}
            </p>
          )}

          <div className="grid gap-4 lg:grid-cols-3">
            {PLANS.map((plan) => {
              const current = plan.id === data.plan;
              const list = data.prices[plan.id];
              // Offered: every plan a new subscription may start on. Applied: the subscription's periods until it ends
              // (test mode bills any plan then; a Stripe plan change is a new checkout without the coupon).
              const promo =
                data.promotion && (data.promotion.state === 'offered' || current || data.mode === 'test')
                  ? data.promotion
                  : null;
              return (
                <Card
                  key={plan.id}
                  role="region"
                  aria-label={`${plan.name} plan`}
                  className={cn('flex flex-col p-5', current && 'border-blue-600 ring-2 ring-blue-600')}
                >
                  <div className="flex items-center justify-between gap-2">
                    <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
                    {current ? (
                      <Badge tone="accent">Current plan</Badge>
                    ) : (
                      plan.badge && <Badge>{plan.badge}</Badge>
                    )}
                  </div>
                  <PlanPrice listCents={list} promotion={promo} />
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
                    <Button
                      className="mt-5"
                      variant={plan.id === 'pro' ? 'default' : 'outline'}
                      disabled={change.isPending}
                      onClick={() => choose(plan.id)}
                    >
                      Switch to {plan.name}
                    </Button>
                  )}
                </Card>
              );
            })}
          </div>
          {data.plan === 'franchise' && (
            <p className="text-sm text-slate-700" data-testid="franchise-plan">
              Your business is on Franchise: every Elite feature and unlimited users, arranged with our team.
            </p>
          )}
          <AddOnsSection plan={data.plan} isOwner={data.memberRole === 'owner'} stripe={stripe} />
          {data.charges.length > 0 && <BillingHistory charges={data.charges} />}
          <p className="text-sm text-slate-600">
            Franchise: unlimited users and every Elite feature across locations; pricing on request (
            <a className="text-blue-700 underline" href="/contact">
              contact us
            </a>
            ).
          </p>
          {data.memberRole !== 'owner' && (
            <p className="text-sm text-slate-600">Only the business owner can change the plan.</p>
          )}
        </div>
      )}
    </div>
  );
}

/** A plan's monthly price: with the promotion, the discounted price and for how long, then the full one. */
function PlanPrice({ listCents, promotion }: { listCents: number; promotion: PromotionView | null }) {
  if (!promotion) {
    return (
      <p className="mt-2">
        <span className="text-3xl font-bold tabular-nums text-slate-900">{formatCents(listCents)}</span>
        <span className="text-sm text-slate-600">/month</span>
      </p>
    );
  }
  const discounted = listCents - percentOfCents(listCents, promotion.percentOff);
  const until =
    promotion.state === 'applied' && promotion.endsAt
      ? `until ${formatDate(promotion.endsAt, 'UTC', { weekday: false })}`
      : `for your first ${promotion.months} months`;
  return (
    <div className="mt-2">
      <p>
        <span className="text-3xl font-bold tabular-nums text-slate-900">{formatCents(discounted)}</span>
        <span className="text-sm text-slate-600">/month</span>{' '}
        <s className="text-sm text-slate-500">{formatCents(listCents)}</s>
      </p>
      <p className="text-sm font-medium text-amber-800" data-testid="plan-promotion">
        {promotion.percentOff}% off {until}, then {formatCents(listCents)}/month
      </p>
    </div>
  );
}

interface Charge {
  id: string;
  description: string;
  periodStart: string | null;
  createdAt: string;
  listPriceCents: number;
  discountCents: number;
  amountCents: number;
}

/** What the business was charged (test-mode billing; Stripe's invoices are in its portal). */
function BillingHistory({ charges }: { charges: Charge[] }) {
  const timeZone = useBusinessTimeZone();
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">Billing history</h2>
      <ul className="mt-3 divide-y divide-slate-200 text-sm">
        {charges.map((c) => (
          <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span className="text-slate-800">
              {c.description}
              <span className="ml-2 text-slate-500">
                {formatDate(c.periodStart ?? c.createdAt, timeZone, { weekday: false })}
              </span>
            </span>
            <span className="tabular-nums">
              {c.discountCents > 0 && <s className="mr-2 text-slate-500">{formatCents(c.listPriceCents)}</s>}
              <span className="font-semibold text-slate-900">{formatCents(c.amountCents)}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
