import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AutomationSettingsInput } from '../../shared/messaging';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const automationSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.automations.settings,
    queryFn: () => unwrap(api.api.automations.$get()),
  });

export const messageLogQuery = () =>
  pagedListOptions(queryKeys.automations.log, (cursor) =>
    unwrap(api.api.automations.log.$get({ query: { limit: '20', ...(cursor && { cursor }) } })),
  );

export const useAutomationSettings = () => useQuery(automationSettingsQuery());
export const useMessageLog = () => usePagedList(messageLogQuery());

export type AutomationSettings = NonNullable<ReturnType<typeof useAutomationSettings>['data']>;
export type LogEntry = NonNullable<
  ReturnType<typeof useMessageLog>['data']
>['pages'][number]['items'][number];

export const useSaveAutomations = () =>
  useMutation({
    mutationFn: (json: AutomationSettingsInput) => unwrap(api.api.automations.$put({ json })),
    onSuccess: (data) => queryClient.setQueryData(automationSettingsQuery().queryKey, data),
  });
