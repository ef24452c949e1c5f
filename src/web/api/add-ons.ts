import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AddOnPurchaseInput } from '../../shared/add-ons';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { billingQuery } from './billing';

/** The business's add-on purchases (GET /api/billing/add-ons). */
export const addOnsQuery = queryOptions({
  queryKey: queryKeys.billing.addOns,
  queryFn: () => unwrap(api.api.billing['add-ons'].$get()),
});

export const useAddOns = () => useQuery(addOnsQuery);

/** Buys an add-on; the purchases and the billing history (its charge) read again. */
export const useBuyAddOn = () =>
  useMutation({
    mutationFn: (json: AddOnPurchaseInput) => unwrap(api.api.billing['add-ons'].$post({ json })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: addOnsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: billingQuery.queryKey, exact: true }),
      ]),
  });

/** With Stripe Billing: a Checkout for the add-on; the page goes there, and the webhook records the purchase. */
export const useAddOnCheckout = () =>
  useMutation({
    mutationFn: (json: AddOnPurchaseInput) => unwrap(api.api.billing['add-ons'].checkout.$post({ json })),
  });

/** Cancels the CRM booster at the end of its month (with Stripe, its webhook records it). */
export const useCancelAddOn = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.billing['add-ons'][':id'].cancel.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addOnsQuery.queryKey }),
  });
