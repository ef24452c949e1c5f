import type * as React from 'react';
import { BILLING_TEXT } from '../../../shared/billing';
import { type PlanFeature, planIncludes } from '../../../shared/plan-features';
import { useBilling } from '../../api/billing';
import { ErrorState, RowsSkeleton } from '../ui/list-states';
import { UpgradeCard } from './upgrade-card';

/**
 * Renders a gated screen only when the business's plan includes the feature (src/shared/plan-features.ts), so the
 * screen never calls routes that would answer 402; otherwise the upgrade card.
 */
export function FeatureGate({
  feature,
  title,
  children,
}: {
  feature: PlanFeature;
  title?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { data, isPending, isError, refetch, isRefetching } = useBilling();
  if (isPending) return <RowsSkeleton rows={4} />;
  if (isError)
    return (
      <ErrorState message={BILLING_TEXT.fetchFailed} onRetry={() => refetch()} retrying={isRefetching} />
    );
  if (planIncludes(data.plan, feature)) return <>{children}</>;
  return (
    <div>
      {title}
      <UpgradeCard feature={feature} />
    </div>
  );
}
