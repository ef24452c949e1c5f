import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AutomationSettingsInput } from '../../../shared/messaging';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const automationSettingsQuery = () =>
  queryOptions({ queryKey: ['automations', 'settings'], queryFn: () => unwrap(api.api.automations.$get()) });

export const messageLogQuery = () =>
  infiniteQueryOptions({
    queryKey: ['automations', 'log'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(api.api.automations.log.$get({ query: { limit: '20', ...(pageParam ? { cursor: pageParam } : {}) } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAutomationSettings = () => useQuery(automationSettingsQuery());
export const useMessageLog = () => useInfiniteQuery(messageLogQuery());

export type AutomationSettings = NonNullable<ReturnType<typeof useAutomationSettings>['data']>;
export type LogEntry = NonNullable<ReturnType<typeof useMessageLog>['data']>['pages'][number]['items'][number];

export const useSaveAutomations = () =>
  useMutation({
    mutationFn: (json: AutomationSettingsInput) => unwrap(api.api.automations.$put({ json })),
    onSuccess: (data) => queryClient.setQueryData(automationSettingsQuery().queryKey, data),
  });
