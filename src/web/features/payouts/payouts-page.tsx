import { Banknote, Download, Receipt } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money';
import { LEDGER_KIND_LABELS, PAYOUT_STATUS_LABELS } from '../../../shared/payouts';
import { formatCalendarDate, formatDateTime } from '../../../shared/time';
import {
  LEDGER_CSV_URL,
  type Payout,
  type PayoutsOverview,
  useLedger,
  usePayouts,
  useRefreshAccount,
  useRunTestPayout,
} from '../../api/payouts';
import { useBusinessTimeZone } from '../../api/scheduling';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { LoadMore } from '../../components/ui/load-more';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { PaymentAccountPanel } from './payment-account-panel';

function Totals({ data }: { data: PayoutsOverview }) {
  const cards = [
    { label: 'Balance', value: data.balanceCents, hint: 'Not paid out yet' },
    { label: 'Charges', value: data.totals.chargesCents, hint: 'Customer payments' },
    { label: 'Tips', value: data.totals.tipsCents, hint: 'Yours in full' },
    { label: 'Platform fees', value: data.totals.feesCents, hint: 'After refunds' },
    { label: 'Refunds', value: data.totals.refundsCents, hint: 'Given back' },
    { label: 'Paid out', value: data.totals.paidOutCents, hint: 'To your bank' },
  ];
  if (data.totals.leadChargesCents > 0)
    cards.splice(5, 0, {
      label: 'Lead charges',
      value: data.totals.leadChargesCents,
      hint: 'Leads you were sent',
    });
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6">
      {cards.map((c) => (
        <Card key={c.label} className="p-4">
          <p className="text-sm font-medium text-slate-600">{c.label}</p>
          <p
            className="mt-1 text-xl font-bold tabular-nums text-slate-900 sm:text-2xl"
            data-testid={`total-${c.label}`}
          >
            {formatCents(c.value)}
          </p>
          <p className="text-xs text-slate-500">{c.hint}</p>
        </Card>
      ))}
    </section>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const tone =
    payout.status === 'paid'
      ? 'green'
      : payout.status === 'failed' || payout.status === 'canceled'
        ? 'red'
        : 'amber';
  return (
    <li className="flex items-center justify-between gap-3 py-3" data-testid="payout-row">
      <div className="min-w-0">
        <p className="font-semibold tabular-nums text-slate-900">{formatCents(payout.amountCents)}</p>
        <p className="text-xs text-slate-500">
          {payout.status === 'paid' ? 'Arrived' : 'Expected'}{' '}
          {formatCalendarDate(payout.arrivalDate, { weekday: false })}
        </p>
      </div>
      <Badge tone={tone}>{PAYOUT_STATUS_LABELS[payout.status]}</Badge>
    </li>
  );
}

function PayoutLists({ data }: { data: PayoutsOverview }) {
  const runPayout = useRunTestPayout();
  const testMode = data.account.mode === 'test' && data.account.provider === 'test';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Upcoming payouts</CardTitle>
        </CardHeader>
        <CardContent>
          {testMode ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">
                {data.nextTestPayoutCents > 0
                  ? `${formatCents(data.nextTestPayoutCents)} will be paid out in tonight's simulated payout.`
                  : 'Nothing to pay out yet. Your balance is paid out once a day.'}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={data.balanceCents <= 0}
                loading={runPayout.isPending}
                onClick={() =>
                  runPayout.mutate(undefined, {
                    onSuccess: (r) =>
                      toast.success(
                        r.payout ? `Paid out ${formatCents(r.payout.amountCents)}` : 'Nothing to pay out',
                      ),
                    onError: (e) => toast.error('Error', { description: e.message }),
                  })
                }
              >
                Run test payout now
              </Button>
            </div>
          ) : data.upcoming.length > 0 ? (
            <ul className="divide-y divide-slate-100">
              {data.upcoming.map((p) => (
                <PayoutRow key={p.id} payout={p} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">
              No payout on the way. Stripe pays your balance out on its schedule.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Past payouts</CardTitle>
        </CardHeader>
        <CardContent>
          {data.past.length > 0 ? (
            <ul className="divide-y divide-slate-100" aria-label="Past payouts">
              {data.past.map((p) => (
                <PayoutRow key={p.id} payout={p} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No payouts yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Activity() {
  const timeZone = useBusinessTimeZone();
  const ledger = useLedger();
  const entries = ledger.items;
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        Activity
      </h2>
      {ledger.isPending ? (
        <RowsSkeleton rows={4} />
      ) : ledger.isError ? (
        <ErrorState
          message="Could not load your activity"
          onRetry={() => ledger.refetch()}
          retrying={ledger.isRefetching}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No money movements yet"
          description="Charges, fees, tips and payouts appear here as customers pay you."
        />
      ) : (
        <>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            aria-label="Ledger"
          >
            {entries.map((e) => (
              <li
                key={e.id}
                className="flex items-start justify-between gap-3 px-4 py-3"
                data-testid="ledger-entry"
              >
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-slate-900">{LEDGER_KIND_LABELS[e.kind]}</p>
                  <p className="break-words text-sm text-slate-600">{e.description}</p>
                  <p className="text-xs text-slate-500">
                    {formatDateTime(e.createdAt, timeZone, { year: false })}
                  </p>
                </div>
                <p
                  className={`shrink-0 font-semibold tabular-nums ${e.amountCents < 0 ? 'text-slate-700' : 'text-green-700'}`}
                >
                  {e.amountCents > 0 ? '+' : ''}
                  {formatCents(e.amountCents)}
                </p>
              </li>
            ))}
          </ul>
          <LoadMore list={ledger} />
        </>
      )}
    </section>
  );
}

/** /payouts: the owner's balance, payouts, fees, tips and every money movement (docs/decisions/1000). */
export function PayoutsPage() {
  const overview = usePayouts();
  const refreshAccount = useRefreshAccount();
  const [params, setParams] = useSearchParams();
  const returned = useRef(false);

  // Back from Stripe onboarding: read the account now rather than wait for the webhook.
  useEffect(() => {
    const onboarding = params.get('onboarding');
    if (!onboarding || returned.current) return;
    returned.current = true;
    if (onboarding === 'done') refreshAccount.mutate();
    if (onboarding === 'expired')
      toast.info('That onboarding link expired. Continue onboarding to get a new one.');
    setParams({}, { replace: true });
  }, [params, setParams, refreshAccount]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Payouts"
        description="Your balance, payouts to your bank, and every charge, fee and tip."
        actions={
          <Button asChild variant="outline">
            <a href={LEDGER_CSV_URL} download>
              <Download /> Export CSV
            </a>
          </Button>
        }
      />
      {overview.isPending ? (
        <div aria-busy="true" className="space-y-4">
          <Skeleton className="h-20 rounded-xl" />
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-24 rounded-xl" />
            ))}
          </div>
        </div>
      ) : overview.isError ? (
        <ErrorState
          message="Could not load your payouts"
          onRetry={() => overview.refetch()}
          retrying={overview.isRefetching}
        />
      ) : (
        <>
          <PaymentAccountPanel account={overview.data.account} />
          <Totals data={overview.data} />
          <PayoutLists data={overview.data} />
        </>
      )}
      <Activity />
      {overview.data && overview.data.past.length === 0 && overview.data.balanceCents === 0 && (
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <Banknote className="size-4" aria-hidden="true" /> Payouts go to the bank account of your payment
          account.
        </p>
      )}
    </div>
  );
}
