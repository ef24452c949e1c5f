import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { TIER_LABELS } from '../../../shared/constants';
import { minimumPlanOf, type PlanFeature, upgradeMessage } from '../../../shared/plan-features';
import { useBilling, useChangePlan } from '../../api/billing';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** Shown instead of a gated screen on a plan without the feature; the words are the server's 402 message. */
export function UpgradeCard({ feature }: { feature: PlanFeature }) {
  const plan = minimumPlanOf(feature);
  const { data } = useBilling();
  const change = useChangePlan();
  const isOwner = data?.memberRole === 'owner';
  const upgrade = () =>
    change.mutate(plan, { onError: (err) => toast.error('Error', { description: err.message }) });
  return (
    <Card role="region" aria-label="Upgrade" className="mx-auto max-w-xl p-6 text-center sm:p-8">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-blue-100 text-blue-700">
        <Lock className="size-6" aria-hidden />
      </div>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">Upgrade to {TIER_LABELS[plan]}</h2>
      <p className="mt-2 text-sm text-slate-600">{upgradeMessage(feature)}</p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        {isOwner && data.mode === 'test' && (
          <Button onClick={upgrade} disabled={change.isPending}>
            {change.isPending ? 'Upgrading...' : `Upgrade to ${TIER_LABELS[plan]}`}
          </Button>
        )}
        <Button variant="outline" asChild>
          <Link to="/billing">Compare plans</Link>
        </Button>
      </div>
      {!isOwner && data && <p className="mt-4 text-xs text-slate-500">Ask the business owner to upgrade.</p>}
    </Card>
  );
}
