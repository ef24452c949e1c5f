import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { LocationInput, LocationUpdate } from '../../shared/locations';
import { planIncludes } from '../../shared/plan-features';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { useBilling } from './billing';

const loc = api.api.locations;
export type Location = InferResponseType<typeof loc.$get, 200>['items'][number];

export const locationsQuery = queryOptions({
  queryKey: queryKeys.locations.all,
  queryFn: () => unwrap(loc.$get()),
});
export const useLocations = (enabled = true) => useQuery({ ...locationsQuery, enabled });

// A location's zips move between locations and the bookings' lists filter by them: refresh all three.
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.locations.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.serviceAreas.all }),
  ]);

export const useCreateLocation = () =>
  useMutation({ mutationFn: (json: LocationInput) => unwrap(loc.$post({ json })), onSuccess: refresh });

export const useUpdateLocation = () =>
  useMutation({
    mutationFn: ({ id, json }: { id: string; json: LocationUpdate }) =>
      unwrap(loc[':id'].$patch({ param: { id }, json })),
    onSuccess: refresh,
  });

export const useArchiveLocation = () =>
  useMutation({
    mutationFn: (id: string) => noContent(loc[':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });

/**
 * The location filter's choices (decision 1280): an Elite business's active locations when it has two or more;
 * otherwise none, and the screens show no filter.
 */
export function useLocationChoices() {
  const billing = useBilling();
  const elite = billing.data ? planIncludes(billing.data.plan, 'multi_location') : false;
  const list = useLocations(elite);
  const active = (list.data?.items ?? []).filter((l) => !l.archivedAt);
  return active.length >= 2 ? active.map((l) => ({ id: l.id, name: l.name })) : [];
}

/** Whether the business's plan has locations (the Locations tab is shown only then). */
export function useHasLocations() {
  const billing = useBilling();
  return billing.data ? planIncludes(billing.data.plan, 'multi_location') : false;
}
