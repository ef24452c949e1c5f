import { CalendarClock, Link2, Pencil, Plus, Repeat } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  MEMBERSHIP_STATUS_LABELS,
  MEMBERSHIP_TEXT,
  type MembershipStatus,
  planIncludedText,
  planPriceText,
} from '../../../shared/memberships';
import { formatCents } from '../../../shared/money';
import { formatPercent } from '../../../shared/percent';
import { formatDate } from '../../../shared/time';
import { VEHICLE_TYPE_LABELS } from '../../../shared/vehicle-labels';
import {
  fetchInviteLink,
  type OwnerPlan,
  type PlanMember,
  useMemberAction,
  useMembers,
  useMembershipSummary,
  usePlans,
} from '../../api/memberships';
import { useBusinessTimeZone } from '../../api/scheduling';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardGridSkeleton, EmptyState, ErrorState, RowsSkeleton } from '../../components/ui/list-states';
import { PageHeader } from '../../components/ui/page-header';
import { PlanDialog } from './plan-dialog';

const STATUS_TONE: Record<MembershipStatus, 'green' | 'amber' | 'neutral' | 'red' | 'accent' | 'violet'> = {
  pending: 'neutral',
  active: 'green',
  past_due: 'amber',
  on_hold: 'violet',
  suspended: 'red',
  cancelled: 'neutral',
};

/** /plans: maintenance plans, their members and the monthly recurring revenue (issue 32). */
export function PlansPage() {
  const [dialog, setDialog] = useState<{ open: boolean; plan: OwnerPlan | null }>({
    open: false,
    plan: null,
  });
  const openNew = () => setDialog({ open: true, plan: null });
  return (
    <div>
      <PageHeader
        title="Plans"
        description="Maintenance plans your customers pay monthly, with their included visits."
        actions={
          <Button onClick={openNew}>
            <Plus /> New Plan
          </Button>
        }
      />
      <Summary />
      <PlanList onNew={openNew} onEdit={(plan) => setDialog({ open: true, plan })} />
      <MemberList />
      <PlanDialog
        open={dialog.open}
        plan={dialog.plan}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </div>
  );
}

function Summary() {
  const summary = useMembershipSummary();
  const s = summary.data;
  // The dashboard's figures (decision 1262): churn is this month's, in the business's time zone.
  const churn = s?.churn;
  const stats = [
    { label: 'Monthly recurring revenue', value: s ? formatCents(s.mrrCents) : '—', testId: 'plans-mrr' },
    { label: 'Active members', value: s ? String(s.members.active) : '—', testId: 'plans-active' },
    { label: 'Payment failed', value: s ? String(s.pastDue) : '—', testId: 'plans-past-due' },
    {
      label: 'Churn this month',
      value: churn ? formatPercent(churn.rate) : '—',
      testId: 'plans-churn',
    },
  ];
  return (
    <section aria-label="Plan revenue" className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map((stat) => (
        <Card key={stat.label} className="p-4">
          <p className="text-xs font-medium text-slate-600">{stat.label}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900" data-testid={stat.testId}>
            {stat.value}
          </p>
        </Card>
      ))}
    </section>
  );
}

function PlanList({ onNew, onEdit }: { onNew: () => void; onEdit: (plan: OwnerPlan) => void }) {
  const plans = usePlans();
  const copyInvite = async (plan: OwnerPlan) => {
    try {
      const { url } = await fetchInviteLink(plan.id);
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      toast.success('Invitation link copied', { description: url });
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };
  return (
    <section aria-labelledby="plans-heading" className="mb-8">
      <h2 id="plans-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Your plans
      </h2>
      {plans.isPending ? (
        <CardGridSkeleton count={2} />
      ) : plans.isError ? (
        <ErrorState
          message={MEMBERSHIP_TEXT.fetchFailed}
          onRetry={() => plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.data.items.length === 0 ? (
        <EmptyState
          icon={Repeat}
          title="No plans yet"
          description="Create a monthly maintenance plan, then share its invitation link with your regulars."
          action={
            <Button onClick={onNew}>
              <Plus /> New Plan
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Plans">
          {plans.data.items.map((p) => (
            <li key={p.id} className="min-w-0">
              <Card
                className={`flex h-full flex-col p-5 ${p.isActive ? '' : 'opacity-70'}`}
                data-testid="plan-card"
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="min-w-0 break-words text-lg font-bold text-slate-900">{p.name}</h3>
                  <Badge tone={p.isActive ? 'green' : 'neutral'}>{p.isActive ? 'Open' : 'Closed'}</Badge>
                </div>
                <p className="mt-1 text-sm font-semibold text-accent">{planPriceText(p.monthlyPriceCents)}</p>
                {p.description && <p className="mt-2 text-sm text-slate-600">{p.description}</p>}
                <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  <div>
                    <dt className="text-slate-500">Included</dt>
                    <dd className="text-slate-900">{planIncludedText(p)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Other services</dt>
                    <dd className="text-slate-900">{p.discountPercent}% off</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Holds</dt>
                    <dd className="text-slate-900">
                      {p.holdAllowed ? `Up to ${p.maxHoldMonths} months a year` : 'No'}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Members</dt>
                    <dd className="font-semibold tabular-nums text-slate-900" data-testid="plan-members">
                      {p.activeMembers}
                    </dd>
                  </div>
                </dl>
                <p className="mt-2 text-xs text-slate-500">
                  {p.vehicleTypes.map((v) => VEHICLE_TYPE_LABELS[v]).join(', ')}
                </p>
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <Button size="sm" variant="outline" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
                    <Pencil /> Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => copyInvite(p)}
                    aria-label={`Copy the invitation link to ${p.name}`}
                  >
                    <Link2 /> Invitation link
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberList() {
  const members = useMembers();
  const timeZone = useBusinessTimeZone();
  const action = useMemberAction();
  const [cancelling, setCancelling] = useState<PlanMember | null>(null);
  const run = async (id: string, a: Parameters<typeof action.mutateAsync>[0]['action'], done: string) => {
    try {
      await action.mutateAsync({ id, action: a });
      toast.success('Success', { description: done });
    } catch (e) {
      toast.error('Error', { description: (e as Error).message });
    }
  };
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Members
      </h2>
      {members.isPending ? (
        <Card className="p-4">
          <RowsSkeleton rows={3} />
        </Card>
      ) : members.isError ? (
        <ErrorState
          message="Failed to fetch members"
          onRetry={() => members.refetch()}
          retrying={members.isFetching}
        />
      ) : members.data.items.length === 0 ? (
        <EmptyState
          icon={CalendarClock}
          title="No members yet"
          description="Customers who join a plan from your invitation link or plans page appear here."
        />
      ) : (
        <ul className="grid gap-3" aria-label="Members">
          {members.data.items.map((m) => (
            <li key={m.id}>
              <Card
                className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
                data-testid="member-row"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-slate-900">{m.name}</p>
                    <Badge tone={STATUS_TONE[m.status]}>{MEMBERSHIP_STATUS_LABELS[m.status]}</Badge>
                  </div>
                  <p className="mt-0.5 break-words text-sm text-slate-600">
                    {m.planName} · {m.vehicles} vehicle{m.vehicles === 1 ? '' : 's'} ·{' '}
                    {formatCents(m.monthlyCents)}/month
                  </p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {m.credits} visit{m.credits === 1 ? '' : 's'} left
                    {m.nextChargeAt && ` · Next charge ${formatDate(m.nextChargeAt, timeZone)}`}
                    {m.holdUntil && ` · On hold until ${formatDate(m.holdUntil, timeZone)}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {m.status === 'active' && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => run(m.id, { holdMonths: 1 }, 'Membership on hold for a month')}
                    >
                      Hold 1 month
                    </Button>
                  )}
                  {m.status === 'on_hold' && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => run(m.id, 'resume', 'Membership resumed')}
                    >
                      Resume
                    </Button>
                  )}
                  {m.status !== 'cancelled' && (
                    <Button size="sm" variant="outline" onClick={() => setCancelling(m)}>
                      Cancel plan
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this membership?"
        description={
          cancelling
            ? `${cancelling.name} will not be billed again and can no longer book included visits.`
            : undefined
        }
        confirmLabel="Cancel Membership"
        cancelLabel="Keep"
        busy={action.isPending}
        onConfirm={async () => {
          if (cancelling) await run(cancelling.id, 'cancel', 'Membership cancelled');
          setCancelling(null);
        }}
      />
    </section>
  );
}
