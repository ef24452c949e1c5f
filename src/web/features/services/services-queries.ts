import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ServiceInput } from '../../../shared/services.schemas';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const servicesQuery = (includeArchived: boolean) =>
  queryOptions({
    queryKey: ['services', { includeArchived }],
    queryFn: () =>
      unwrap(api.api.services.$get({ query: includeArchived ? { includeArchived: 'true' } : {} })),
  });

export const useServices = (includeArchived: boolean) => useQuery(servicesQuery(includeArchived));
export type Service = NonNullable<ReturnType<typeof useServices>['data']>[number];

const invalidate = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['services'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);

export const useSaveService = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: Partial<ServiceInput> }) =>
      id
        ? unwrap(api.api.services[':id'].$patch({ param: { id }, json: values }))
        : unwrap(api.api.services.$post({ json: values as ServiceInput })),
    onSuccess: invalidate,
  });

export const useDeleteService = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api.services[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
