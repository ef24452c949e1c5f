import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ChecklistDefinitionsInput } from '../../shared/field';
import type { ServiceInput } from '../../shared/services.schemas';
import { api, noContent, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export type Service = InferResponseType<typeof api.api.services.$get, 200>['items'][number];
export type ServiceOption = InferResponseType<typeof api.api.services.options.$get, 200>['items'][number];

/** /services: newest first, a page at a time. */
export const servicesListQuery = (includeArchived: boolean) =>
  pagedListOptions(queryKeys.services.list(includeArchived), (cursor) =>
    unwrap(
      api.api.services.$get({
        query: {
          limit: '30',
          ...(includeArchived && { includeArchived: 'true' }),
          ...(cursor && { cursor }),
        },
      }),
    ),
  );
export const useServicesList = (includeArchived: boolean) => usePagedList(servicesListQuery(includeArchived));

/** Every active service by name, for pickers (booking form, quote lines, service usage): one page of up to 500. */
export const serviceOptionsQuery = queryOptions({
  queryKey: queryKeys.services.options,
  queryFn: () => unwrap(api.api.services.options.$get({ query: {} })),
});
export const useServiceOptions = (enabled = true) => useQuery({ ...serviceOptionsQuery, enabled });

const invalidate = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.services.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
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
    mutationFn: (id: string) => noContent(api.api.services[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });

/** A service's checklist (issue 26): the items a technician ticks on its jobs, in order. */
export const serviceChecklistQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.services.checklist(id),
    queryFn: () => unwrap(api.api.services[':id'].checklist.$get({ param: { id } })),
  });

export const useServiceChecklist = (id: string | null) =>
  useQuery({ ...serviceChecklistQuery(id ?? ''), enabled: id !== null });

/** Replaces the checklist: items with an id keep it (their past ticks stay theirs), new ones get one, the rest go. */
export const useSaveServiceChecklist = () =>
  useMutation({
    mutationFn: ({ id, items }: { id: string; items: ChecklistDefinitionsInput['items'] }) =>
      unwrap(api.api.services[':id'].checklist.$put({ param: { id }, json: { items } })),
    onSuccess: (data, { id }) => queryClient.setQueryData(queryKeys.services.checklist(id), data),
  });
