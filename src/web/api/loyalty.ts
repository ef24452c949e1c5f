import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { AdjustPointsInput, RewardInput } from '../../shared/loyalty.schemas';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const loyalty = api.api.loyalty;
export type LoyaltyCustomer = InferResponseType<typeof loyalty.customers.$get, 200>['items'][number];
export type LoyaltyReward = InferResponseType<typeof loyalty.rewards.$get, 200>['items'][number];
export type LoyaltyTransaction = InferResponseType<typeof loyalty.transactions.$get, 200>['items'][number];

export const loyaltySummaryQuery = queryOptions({
  queryKey: queryKeys.loyalty.summary,
  queryFn: () => unwrap(loyalty.summary.$get()),
});
export const loyaltyCustomersQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.loyalty.customers(q),
    queryFn: () => unwrap(loyalty.customers.$get({ query: { limit: '100', ...(q ? { q } : {}) } })),
  });
export const rewardsQuery = queryOptions({
  queryKey: queryKeys.loyalty.rewards,
  queryFn: () => unwrap(loyalty.rewards.$get()),
});
/** The Customers tab: members searched on the server, a page at a time (Load more). */
export const loyaltyMembersQuery = (q: string) =>
  pagedListOptions(queryKeys.loyalty.members(q), (cursor) =>
    unwrap(loyalty.customers.$get({ query: { limit: '50', ...(q && { q }), ...(cursor && { cursor }) } })),
  );
/** The Transactions tab: newest first, a page at a time (Load more). */
export const transactionsQuery = pagedListOptions(queryKeys.loyalty.transactions, (cursor) =>
  unwrap(loyalty.transactions.$get({ query: { limit: '50', ...(cursor && { cursor }) } })),
);

export const useLoyaltySummary = () => useQuery(loyaltySummaryQuery);
export const useLoyaltyCustomers = (q = '') => useQuery(loyaltyCustomersQuery(q));
export const useRewards = () => useQuery(rewardsQuery);
export const useLoyaltyMembers = (q: string) => usePagedList(loyaltyMembersQuery(q));
export const useTransactions = () => usePagedList(transactionsQuery);

/** Points move the cards, the tabs and the customers screen's tier badges together. */
const refreshLoyalty = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.loyalty.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
  ]);

export const useAdjustPoints = () =>
  useMutation({
    mutationFn: (json: AdjustPointsInput) => unwrap(loyalty.adjustments.$post({ json })),
    onSuccess: refreshLoyalty,
  });

export const useSaveReward = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: RewardInput }) =>
      id
        ? unwrap(loyalty.rewards[':id'].$put({ param: { id }, json: values }))
        : unwrap(loyalty.rewards.$post({ json: values })),
    onSuccess: refreshLoyalty,
  });
