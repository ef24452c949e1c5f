import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CreditCard, Repeat } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  MEMBERSHIP_STATUS_LABELS,
  MEMBERSHIP_TEXT,
  planIncludedText,
  planPriceText,
} from '../../../shared/memberships';
import { formatCents } from '../../../shared/money';
import { formatDate } from '../../../shared/time';
import { type MemberView, memberQuery, openCardUpdate, useMemberSelfService } from '../../api/memberships';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/label';
import { EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { ApiError } from '../../lib/api';

/** /membership/:token — the member's own page: the plan, visits left, next charge; pay, update card, hold, cancel. */
export function MemberPage() {
  const { token = '' } = useParams();
  const member = useQuery(memberQuery(token));
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      {member.isPending ? (
        <Card className="p-6">
          <RowsSkeleton rows={3} />
        </Card>
      ) : member.isError ? (
        member.error instanceof ApiError && member.error.status === 404 ? (
          <EmptyState
            icon={Repeat}
            title="This membership link is not valid"
            description="Please use the link in your latest email from the business."
            action={
              <Button asChild variant="outline">
                <Link to="/">Return Home</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState
            message="Failed to load your membership"
            onRetry={() => member.refetch()}
            retrying={member.isFetching}
          />
        )
      ) : (
        <Membership token={token} view={member.data} />
      )}
    </div>
  );
}

function Membership({ token, view }: { token: string; view: MemberView }) {
  const act = useMemberSelfService(token);
  const timeZone = view.timeZone;
  const [holdMonths, setHoldMonths] = useState('1');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [opening, setOpening] = useState(false);
  const run = async (action: Parameters<typeof act.mutateAsync>[0], done: string) => {
    try {
      await act.mutateAsync(action);
      toast.success('Success', { description: done });
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };
  const tone =
    view.status === 'active'
      ? 'green'
      : view.status === 'past_due'
        ? 'amber'
        : view.status === 'suspended'
          ? 'red'
          : 'neutral';
  return (
    <>
      <p className="text-sm font-medium text-slate-600">{view.businessName}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{view.plan.name}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Badge tone={tone} data-testid="member-status">
          {MEMBERSHIP_STATUS_LABELS[view.status]}
        </Badge>
        <span className="text-sm text-slate-600">{planPriceText(view.plan.monthlyPriceCents)}</span>
      </div>

      {view.status === 'pending' && view.mode === 'test' && (
        <Card className="mt-6 border-amber-300 bg-amber-50 p-5">
          <p className="text-xs font-bold uppercase tracking-wide text-amber-800">Test mode</p>
          <p className="mt-1 text-sm text-slate-800">
            No card is charged: this business has not connected Stripe yet. Pressing Pay starts your plan with
            a test payment of {formatCents(view.monthlyCents)}.
          </p>
          <Button
            className="mt-4"
            loading={act.isPending}
            onClick={() => run('test-pay', MEMBERSHIP_TEXT.joined)}
          >
            Pay {formatCents(view.monthlyCents)} and start
          </Button>
        </Card>
      )}

      {view.status !== 'pending' && (
        <Card className="mt-6 p-5">
          <dl className="grid grid-cols-2 gap-x-3 gap-y-3 text-sm">
            <div>
              <dt className="text-slate-500">Included visits left</dt>
              <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid="member-credits">
                {view.credits}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Monthly</dt>
              <dd className="text-2xl font-bold tabular-nums text-slate-900">
                {formatCents(view.monthlyCents)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Plan</dt>
              <dd className="text-slate-900">
                {planIncludedText(view.plan)}, {view.vehicles} vehicle{view.vehicles === 1 ? '' : 's'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{view.holdUntil ? 'On hold until' : 'Next charge'}</dt>
              <dd className="text-slate-900">
                {view.holdUntil
                  ? formatDate(view.holdUntil, timeZone)
                  : view.nextChargeAt
                    ? formatDate(view.nextChargeAt, timeZone)
                    : '—'}
              </dd>
            </div>
          </dl>
          {view.plan.discountPercent > 0 && (
            <p className="mt-3 text-sm text-slate-600">
              {view.plan.discountPercent}% off other services while your plan is active.
            </p>
          )}
          {view.status === 'active' && (
            <Button asChild className="mt-4 w-full sm:w-auto">
              <a
                href={`/book?business=${encodeURIComponent(view.businessId)}&member=${encodeURIComponent(token)}`}
                data-testid="member-book"
              >
                <CalendarPlus className="size-4" aria-hidden="true" />
                {view.credits > 0 ? 'Book an included visit' : 'Book a visit at your plan price'}
              </a>
            </Button>
          )}
        </Card>
      )}

      {(view.status === 'past_due' || view.status === 'suspended' || view.cardDeclining) && (
        <Card id="card" className="mt-6 border-amber-300 p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <CreditCard className="size-4" aria-hidden="true" /> Update your card
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {view.status === 'suspended'
              ? 'Your plan is suspended after a failed payment. A working card restarts it today.'
              : `Your last payment did not go through.${view.nextRetryAt ? ` We will try again on ${formatDate(view.nextRetryAt, timeZone)}.` : ''}`}
          </p>
          {view.mode === 'test' ? (
            <Button className="mt-4" loading={act.isPending} onClick={() => run('card', 'Card updated')}>
              Use a working test card
            </Button>
          ) : (
            <Button
              className="mt-4"
              loading={opening}
              onClick={async () => {
                setOpening(true);
                try {
                  window.location.assign((await openCardUpdate(token)).url);
                } catch (e) {
                  setOpening(false);
                  toast.error('Error', { description: (e as Error).message });
                }
              }}
            >
              Update your card
            </Button>
          )}
        </Card>
      )}

      {view.status === 'active' && view.holdMonthsLeft > 0 && (
        <Card className="mt-6 p-5">
          <h2 className="font-semibold text-slate-900">Put your plan on hold</h2>
          <p className="mt-1 text-sm text-slate-600">
            Away for a while? Nothing is billed or booked during a hold, and you keep your rate. Up to{' '}
            {view.holdMonthsLeft} more month{view.holdMonthsLeft === 1 ? '' : 's'} this year.
          </p>
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <Field id="hold-months" label="Months">
              <Select value={holdMonths} onValueChange={setHoldMonths}>
                <SelectTrigger id="hold-months" className="w-32">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {Array.from({ length: view.holdMonthsLeft }, (_, i) => String(i + 1)).map((m) => (
                    <SelectItem key={m} value={m}>
                      {m}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Button
              variant="outline"
              loading={act.isPending}
              onClick={() => run({ holdMonths: Number(holdMonths) }, 'Your plan is on hold')}
            >
              Hold plan
            </Button>
          </div>
        </Card>
      )}

      {view.status !== 'cancelled' && view.status !== 'pending' && (
        <div className="mt-6">
          <Button variant="outline" onClick={() => setConfirmCancel(true)}>
            Cancel plan
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel your plan?"
        description="You will not be billed again and can no longer book included visits."
        confirmLabel="Cancel Plan"
        cancelLabel="Keep Plan"
        busy={act.isPending}
        onConfirm={async () => {
          await run('cancel', 'Your plan is cancelled');
          setConfirmCancel(false);
        }}
      />
    </>
  );
}
