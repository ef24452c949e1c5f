import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminGenerateInput } from '../../shared/seo.schemas';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const seoSettingsQuery = queryOptions({
  queryKey: queryKeys.adminSeo.settings,
  queryFn: () => unwrap(api.api.admin.seo.settings.$get()),
  staleTime: Number.POSITIVE_INFINITY,
});

export const latestRunQuery = queryOptions({
  queryKey: queryKeys.adminSeo.latestRun,
  queryFn: () => unwrap(api.api.admin.seo.runs.latest.$get()),
});

export type SeoRun = NonNullable<Awaited<ReturnType<NonNullable<typeof latestRunQuery.queryFn>>>['run']>;
export const isActive = (run: SeoRun | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

export const platformPagesQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.adminSeo.pagesSearch(search),
    queryFn: () => unwrap(api.api.admin.seo.pages.$get({ query: search ? { q: search } : {} })),
  });

export type PlatformPage = Awaited<
  ReturnType<NonNullable<ReturnType<typeof platformPagesQuery>['queryFn']>>
>['items'][number];

/** The newest run, polled every second while it is queued or running: the progress bar survives a reload. */
export const useLatestRun = () =>
  useQuery({ ...latestRunQuery, refetchInterval: (q) => (isActive(q.state.data?.run) ? 1_000 : false) });

export const useSeoSettings = () => useQuery(seoSettingsQuery);

export const usePlatformPages = (search: string, generating: boolean) =>
  useQuery({
    ...platformPagesQuery(search),
    placeholderData: keepPreviousData,
    refetchInterval: generating ? 3_000 : false,
  });

export const refreshPlatformPages = () =>
  queryClient.invalidateQueries({ queryKey: queryKeys.adminSeo.pages });

export const useGenerateSeoPages = () =>
  useMutation({
    mutationFn: (input: AdminGenerateInput) => unwrap(api.api.admin.seo.generate.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: latestRunQuery.queryKey }),
  });

export const useDeletePlatformPage = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api.admin.seo.pages[':id'].$delete({ param: { id } })),
    onSuccess: refreshPlatformPages,
  });

export const useDeleteAllPlatformPages = () =>
  useMutation({
    mutationFn: () => unwrap(api.api.admin.seo.pages.$delete()),
    onSuccess: () => {
      refreshPlatformPages();
      queryClient.invalidateQueries({ queryKey: latestRunQuery.queryKey });
    },
  });
