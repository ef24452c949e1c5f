import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LandingPagesInput } from '../../shared/seo.schemas';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const landingPagesQuery = queryOptions({
  queryKey: queryKeys.marketing.pages,
  queryFn: () => unwrap(api.api.marketing.pages.$get()),
});

export type LandingPage = Awaited<ReturnType<NonNullable<typeof landingPagesQuery.queryFn>>>['items'][number];

/** The latest 20 pages; polled while any of them is still a draft whose content is being written. */
export const useLandingPages = () =>
  useQuery({
    ...landingPagesQuery,
    refetchInterval: (q) => (q.state.data?.items.some((p) => p.status === 'draft') ? 1_000 : false),
  });

export const useCreateLandingPages = () =>
  useMutation({
    mutationFn: (input: LandingPagesInput) => unwrap(api.api.marketing.pages.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: landingPagesQuery.queryKey }),
  });

export const useDeleteLandingPage = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api.marketing.pages[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: landingPagesQuery.queryKey }),
  });
