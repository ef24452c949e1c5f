import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ServiceAreaInput } from '../../shared/service-areas';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const sa = api.api['service-areas'];
export type ServiceArea = InferResponseType<typeof sa.$get, 200>['items'][number];
export type WaitlistInsight = InferResponseType<
  (typeof sa)['waitlist-insights']['$get'],
  200
>['items'][number];

export const serviceAreasQuery = queryOptions({
  queryKey: queryKeys.serviceAreas.all,
  queryFn: () => unwrap(sa.$get()),
});
export const insightsQuery = queryOptions({
  queryKey: queryKeys.serviceAreas.insights,
  queryFn: () => unwrap(sa['waitlist-insights'].$get()),
});

export const useServiceAreas = () => useQuery(serviceAreasQuery);
export const useWaitlistInsights = () => useQuery(insightsQuery);

const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceAreas.all });

export const useAddServiceArea = () =>
  useMutation({
    mutationFn: (values: ServiceAreaInput) => unwrap(sa.$post({ json: values })),
    onSuccess: refresh,
  });

export const useToggleServiceArea = () =>
  useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      unwrap(sa[':id'].$patch({ param: { id }, json: { isActive } })),
    onSuccess: refresh,
  });

export const useDeleteServiceArea = () =>
  useMutation({
    mutationFn: (id: string) => noContent(sa[':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });

/** City and state for a 5-digit zip, or null when the dataset does not know it. */
export async function lookupZip(zip: string) {
  const res = await sa['zip-lookup'][':zip'].$get({ param: { zip } });
  if (!res.ok) return null;
  return res.json();
}
