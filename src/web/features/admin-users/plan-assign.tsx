import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { SUBSCRIPTION_TIERS, type SubscriptionTier, TIER_LABELS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';

/** An admin assigns a business's plan: the only way onto Franchise, which has no self-serve price (decision 0952). */
export function PlanAssign({ businessId, plan }: { businessId: string; plan: SubscriptionTier }) {
  const [chosen, setChosen] = useState<SubscriptionTier>(plan);
  const assign = useMutation({
    mutationFn: (next: SubscriptionTier) =>
      unwrap(
        api.api.admin.billing.businesses[':id'].plan.$put({
          param: { id: businessId },
          json: { plan: next },
        }),
      ),
    onSuccess: ({ plan: next }) => {
      toast.success('Success', { description: `Plan set to ${TIER_LABELS[next]}` });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit.all }),
      ]);
    },
    onError: (err) => toast.error('Error', { description: err.message }),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        assign.mutate(chosen);
      }}
    >
      <div className="grid gap-1">
        <label htmlFor="assign-plan" className="text-sm font-medium text-slate-900">
          Assign plan
        </label>
        <select
          id="assign-plan"
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          value={chosen}
          onChange={(e) => setChosen(e.target.value as SubscriptionTier)}
        >
          {SUBSCRIPTION_TIERS.map((t) => (
            <option key={t} value={t}>
              {TIER_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" loading={assign.isPending} disabled={chosen === plan}>
        Save plan
      </Button>
    </form>
  );
}
