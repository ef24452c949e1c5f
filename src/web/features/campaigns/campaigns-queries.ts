import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { CampaignInput, CampaignType, TemplateInput } from '../../../shared/campaigns';
import { ApiError, api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const campaignStatsQuery = () =>
  queryOptions({ queryKey: ['campaigns', 'stats'], queryFn: () => unwrap(api.api.campaigns.stats.$get()) });

export const campaignsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['campaigns', 'list'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => unwrap(api.api.campaigns.$get({ query: pageParam ? { cursor: pageParam } : {} })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const templatesQuery = () =>
  queryOptions({ queryKey: ['campaigns', 'templates'], queryFn: () => unwrap(api.api.campaigns.templates.$get()) });

export const audienceQuery = (type: CampaignType) =>
  queryOptions({ queryKey: ['campaigns', 'audience', type], queryFn: () => unwrap(api.api.campaigns.audience.$get({ query: { type } })) });

export const recipientsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['campaigns', 'recipients', id],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(api.api.campaigns[':id'].recipients.$get({ param: { id }, query: pageParam ? { cursor: pageParam } : {} })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useCampaignStats = () => useQuery(campaignStatsQuery());
/** While a campaign is sending, the list follows it every 2 seconds. */
export const useCampaigns = () =>
  useInfiniteQuery({
    ...campaignsQuery(),
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((c) => c.status === 'sending')) ? 2000 : false,
  });
export const useTemplates = () => useQuery(templatesQuery());
export const useAudience = (type: CampaignType, enabled: boolean) => useQuery({ ...audienceQuery(type), enabled });
export const useRecipients = (id: string | null) =>
  useInfiniteQuery({ ...recipientsQuery(id ?? ''), enabled: id !== null });

export type Campaign = NonNullable<ReturnType<typeof useCampaigns>['data']>['pages'][number]['items'][number];
export type Template = NonNullable<ReturnType<typeof useTemplates>['data']>['items'][number];

const invalidate = () => queryClient.invalidateQueries({ queryKey: ['campaigns'] });

export const useCreateCampaign = () =>
  useMutation({
    mutationFn: (json: CampaignInput) => unwrap(api.api.campaigns.$post({ json })),
    onSuccess: invalidate,
  });

export const useSendCampaign = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.campaigns[':id'].send.$post({ param: { id } })),
    onSuccess: invalidate,
  });

export const useSaveTemplate = () =>
  useMutation({
    mutationFn: ({ id, json }: { id?: string; json: TemplateInput }) =>
      id
        ? unwrap(api.api.campaigns.templates[':id'].$put({ param: { id }, json }))
        : unwrap(api.api.campaigns.templates.$post({ json })),
    onSuccess: invalidate,
  });

export const useDeleteTemplate = () =>
  useMutation({
    mutationFn: async (id: string) => {
      const res = await api.api.campaigns.templates[':id'].$delete({ param: { id } });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new ApiError(res.status, body?.error?.message ?? 'Failed to delete template');
      }
    },
    onSuccess: invalidate,
  });
