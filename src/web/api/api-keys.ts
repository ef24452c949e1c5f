import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiKeyValues } from '../../shared/api-keys';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const apiKeysQuery = queryOptions({
  queryKey: queryKeys.apiKeys.all,
  queryFn: () => unwrap(api.api['api-keys'].$get()),
});
export const useApiKeys = () => useQuery(apiKeysQuery);

const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });

export const useCreateApiKey = () =>
  useMutation({
    mutationFn: (values: ApiKeyValues) => unwrap(api.api['api-keys'].$post({ json: values })),
    onSuccess: refresh,
  });

export const useRevokeApiKey = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api['api-keys'][':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });
