import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const av = api.api.admin.verifications;
export type ReviewStatus = 'pending' | 'verified' | 'rejected' | 'all';
export type Review = InferResponseType<typeof av.$get, 200>['items'][number];

export const reviewsQuery = (status: ReviewStatus) =>
  queryOptions({
    queryKey: queryKeys.adminVerifications.list(status),
    queryFn: () => unwrap(av.$get({ query: { status } })),
  });

export const useReviews = (status: ReviewStatus) => useQuery(reviewsQuery(status));

const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.adminVerifications.all });

export const useApprove = () =>
  useMutation({
    mutationFn: (businessId: string) => unwrap(av[':id'].approve.$post({ param: { id: businessId } })),
    onSuccess: refresh,
  });

export const useReject = () =>
  useMutation({
    mutationFn: ({ businessId, reason }: { businessId: string; reason: string }) =>
      unwrap(av[':id'].reject.$post({ param: { id: businessId }, json: { reason } })),
    onSuccess: refresh,
  });
