import { Gift, Pencil, Plus } from 'lucide-react';
import { LOYALTY_TEXT, REWARD_CATEGORY_LABELS } from '../../../shared/loyalty.schemas';
import { formatCents } from '../../../shared/money';
import { type LoyaltyReward, useRewards } from '../../api/loyalty';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardGridSkeleton, EmptyState, ErrorState } from '../../components/ui/list-states';
import { useErrorToast } from '../../lib/use-error-toast';

/** §2 Rewards tab: name, description, category, points required, value; edit and deactivate. */
export function RewardsTab({
  onNew,
  onEdit,
}: {
  onNew: () => void;
  onEdit: (reward: LoyaltyReward) => void;
}) {
  const rewards = useRewards();
  useErrorToast(rewards.isError, LOYALTY_TEXT.fetchFailed, rewards.errorUpdatedAt);
  if (rewards.isPending) return <CardGridSkeleton count={4} />;
  if (rewards.isError)
    return (
      <ErrorState
        message={LOYALTY_TEXT.fetchFailed}
        onRetry={() => rewards.refetch()}
        retrying={rewards.isFetching}
      />
    );
  if (rewards.data.items.length === 0)
    return (
      <EmptyState
        icon={Gift}
        title="No rewards yet"
        description="Create a reward your customers can spend their points on."
        action={
          <Button onClick={onNew}>
            <Plus /> New Reward
          </Button>
        }
      />
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Rewards">
      {rewards.data.items.map((r) => (
        <li key={r.id}>
          <Card
            className={`flex h-full flex-col p-5 ${r.isActive ? '' : 'opacity-70'}`}
            data-testid="reward-card"
          >
            <div className="flex items-start justify-between gap-3">
              <h2 className="font-semibold text-slate-900">{r.name}</h2>
              <div className="flex shrink-0 gap-1">
                <Badge tone="accent">{REWARD_CATEGORY_LABELS[r.category]}</Badge>
                {!r.isActive && <Badge>Inactive</Badge>}
              </div>
            </div>
            {r.description && <p className="mt-1 text-sm text-slate-600">{r.description}</p>}
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-slate-500">Points required</dt>
                <dd className="text-lg font-bold tabular-nums text-slate-900">
                  {r.pointsRequired.toLocaleString('en-US')}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Value</dt>
                <dd className="text-lg font-bold tabular-nums text-slate-900">{formatCents(r.valueCents)}</dd>
              </div>
            </dl>
            <div className="mt-auto pt-4">
              <Button size="sm" variant="outline" onClick={() => onEdit(r)} aria-label={`Edit ${r.name}`}>
                <Pencil /> Edit
              </Button>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
