import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const payouts = api.api.payouts;
export type PayoutsOverview = InferResponseType<typeof payouts.$get, 200>;
export type PaymentAccount = PayoutsOverview['account'];
export type Payout = PayoutsOverview['past'][number];
export type LedgerEntry = InferResponseType<typeof payouts.ledger.$get, 200>['items'][number];

export const LEDGER_CSV_URL = '/api/payouts/ledger.csv';

export const payoutsQuery = queryOptions({
  queryKey: queryKeys.payouts.overview,
  queryFn: () => unwrap(payouts.$get()),
});
export const paymentAccountQuery = queryOptions({
  queryKey: queryKeys.payouts.account,
  queryFn: () => unwrap(payouts.account.$get()),
});

export const usePayouts = () => useQuery(payoutsQuery);
export const usePaymentAccount = () => useQuery(paymentAccountQuery);

export const useLedger = () =>
  usePagedList(
    pagedListOptions(queryKeys.payouts.ledger, (cursor) =>
      unwrap(payouts.ledger.$get({ query: { limit: '25', ...(cursor && { cursor }) } })),
    ),
  );

/** Money or the account changed: the payouts screen and the dashboard checklist read it again. */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.payouts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);

/** "Configure payment": test mode at once, or the Stripe onboarding link to go to. */
export const useConfigurePayments = () =>
  useMutation({ mutationFn: () => unwrap(payouts.account.$post()), onSuccess: refresh });

export const useRefreshAccount = () =>
  useMutation({ mutationFn: () => unwrap(payouts.account.refresh.$post()), onSuccess: refresh });

export const useRunTestPayout = () =>
  useMutation({ mutationFn: () => unwrap(payouts['test-payout'].$post()), onSuccess: refresh });
