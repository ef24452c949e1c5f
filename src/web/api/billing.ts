import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BILLING_TEXT } from '../../shared/billing';
import { type SubscriptionTier, TIER_LABELS } from '../../shared/constants';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { outside, queryKeys } from '../lib/query-keys';

/** The session's business, the user's role in it, its plan, trial and seats (GET /api/billing). */
export const billingQuery = queryOptions({
  queryKey: queryKeys.billing.all,
  queryFn: () => unwrap(api.api.billing.$get()),
  staleTime: 30_000,
});

export const useBilling = () => useQuery(billingQuery);

/** True while unknown, so owner-only controls do not flash for technicians. */
export function useIsTechnician() {
  const { data } = useBilling();
  return data ? data.memberRole === 'technician' : true;
}

export const useChangePlan = () =>
  useMutation({
    mutationFn: (plan: SubscriptionTier) => unwrap(api.api.billing.plan.$put({ json: { plan } })),
    onSuccess: (data, plan) => {
      // Toasted here, not in the caller's mutate(): the upgrade card that asked unmounts as soon as the plan changes,
      // and TanStack Query drops a mutate() callback of an unmounted component.
      toast.success('Success', { description: BILLING_TEXT.planChanged(TIER_LABELS[plan]) });
      queryClient.setQueryData(billingQuery.queryKey, data);
      // Gated screens and the dashboard badge read the plan.
      return queryClient.invalidateQueries({ predicate: outside(queryKeys.billing.all) });
    },
  });

/** Stripe Billing (docs/decisions/0832): Checkout for the plan, then back to /billing once Stripe confirms it. */
export const useSubscriptionCheckout = () =>
  useMutation({
    mutationFn: (plan: SubscriptionTier) => unwrap(api.api.billing.checkout.$post({ json: { plan } })),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export const useCustomerPortal = () =>
  useMutation({
    mutationFn: () => unwrap(api.api.billing.portal.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
