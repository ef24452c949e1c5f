import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CampaignInput, CampaignType, TemplateInput } from '../../shared/campaigns';
import { api, noContent, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const campaignStatsQuery = () =>
  queryOptions({
    queryKey: queryKeys.campaigns.stats,
    queryFn: () => unwrap(api.api.campaigns.stats.$get()),
  });

export const campaignsQuery = () =>
  pagedListOptions(queryKeys.campaigns.list, (cursor) =>
    unwrap(api.api.campaigns.$get({ query: cursor ? { cursor } : {} })),
  );

export const templatesQuery = () =>
  queryOptions({
    queryKey: queryKeys.campaigns.templates,
    queryFn: () => unwrap(api.api.campaigns.templates.$get()),
  });

export const audienceQuery = (type: CampaignType) =>
  queryOptions({
    queryKey: queryKeys.campaigns.audience(type),
    queryFn: () => unwrap(api.api.campaigns.audience.$get({ query: { type } })),
  });

export const recipientsQuery = (id: string) =>
  pagedListOptions(queryKeys.campaigns.recipients(id), (cursor) =>
    unwrap(api.api.campaigns[':id'].recipients.$get({ param: { id }, query: cursor ? { cursor } : {} })),
  );

export const useCampaignStats = () => useQuery(campaignStatsQuery());
/** While a campaign is sending, the list follows it every 2 seconds. */
export const useCampaigns = () =>
  usePagedList(campaignsQuery(), {
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((c) => c.status === 'sending')) ? 2000 : false,
  });
export const useTemplates = () => useQuery(templatesQuery());
export const useAudience = (type: CampaignType, enabled: boolean) =>
  useQuery({ ...audienceQuery(type), enabled });
export const useRecipients = (id: string | null) =>
  usePagedList(recipientsQuery(id ?? ''), { enabled: id !== null });

export type Campaign = ReturnType<typeof useCampaigns>['items'][number];
export type Template = NonNullable<ReturnType<typeof useTemplates>['data']>['items'][number];

const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });

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
    mutationFn: (id: string) => noContent(api.api.campaigns.templates[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
