import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CustomerInput } from '../../shared/customers.schemas';
import { api, noContent, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export type Customer = InferResponseType<typeof api.api.customers.$get, 200>['items'][number];

const fetchCustomers = (q: string, limit: number, cursor?: string) =>
  unwrap(
    api.api.customers.$get({
      query: { limit: String(limit), ...(q.trim() && { q: q.trim() }), ...(cursor && { cursor }) },
    }),
  );

/** /customers: newest first, searched on the server, a page at a time. */
export const customersListQuery = (search: string) =>
  pagedListOptions(queryKeys.customers.list(search.trim()), (cursor) => fetchCustomers(search, 50, cursor));
export const useCustomersList = (search: string) => usePagedList(customersListQuery(search));

/** A picker's matches (booking and quote forms): the first few customers the search finds. */
export const customerSearchQuery = (search: string, limit = 8) =>
  queryOptions({
    queryKey: queryKeys.customers.search(search.trim(), limit),
    queryFn: () => fetchCustomers(search, limit),
    placeholderData: keepPreviousData,
  });
export const useCustomerSearch = (search: string, limit?: number, enabled = true) =>
  useQuery({ ...customerSearchQuery(search, limit), enabled });

export const customerDetailQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customers.detail(id),
    queryFn: () => unwrap(api.api.customers[':id'].$get({ param: { id } })),
  });

export const useCustomerDetail = (id: string | null) =>
  useQuery({ ...customerDetailQuery(id ?? ''), enabled: Boolean(id) });

const invalidate = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);

export const useSaveCustomer = () =>
  useMutation({
    mutationFn: ({ id, values }: { id?: string; values: CustomerInput }) =>
      id
        ? unwrap(api.api.customers[':id'].$put({ param: { id }, json: values }))
        : unwrap(api.api.customers.$post({ json: values })),
    onSuccess: invalidate,
  });

export const useDeleteCustomer = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api.customers[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
