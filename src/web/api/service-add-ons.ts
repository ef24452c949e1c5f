import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { AddOnInput } from '../../shared/service-add-ons';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';

// A service's add-ons (decision 1255), managed by the owner on /services.

const addOnsOf = api.api.services[':serviceId']['add-ons'];
export type ServiceAddOn = InferResponseType<typeof addOnsOf.$get, 200>['items'][number];
const key = (serviceId: string) => ['services', 'add-ons', serviceId] as const;

export const useServiceAddOns = (serviceId: string | null) =>
  useQuery({
    queryKey: key(serviceId ?? ''),
    queryFn: () => unwrap(addOnsOf.$get({ param: { serviceId: serviceId ?? '' } })),
    enabled: serviceId !== null,
  });

export const useAddServiceAddOn = (serviceId: string) =>
  useMutation({
    mutationFn: (json: AddOnInput) => unwrap(addOnsOf.$post({ param: { serviceId }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(serviceId) }),
  });

export const useRemoveServiceAddOn = (serviceId: string) =>
  useMutation({
    mutationFn: (id: string) =>
      noContent(api.api.services[':serviceId']['add-ons'][':id'].$delete({ param: { serviceId, id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(serviceId) }),
  });
