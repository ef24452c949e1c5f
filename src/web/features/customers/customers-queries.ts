import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CustomerInput } from '../../../shared/customers.schemas';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const customersQuery = (search: string) =>
  queryOptions({
    queryKey: ['customers', 'list', search],
    queryFn: () => unwrap(api.api.customers.$get({ query: search.trim() ? { search: search.trim() } : {} })),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (search: string) => useQuery(customersQuery(search));
export type Customer = NonNullable<ReturnType<typeof useCustomers>['data']>[number];

export const customerDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['customers', 'detail', id],
    queryFn: () => unwrap(api.api.customers[':id'].$get({ param: { id } })),
  });

export const useCustomerDetail = (id: string | null) =>
  useQuery({ ...customerDetailQuery(id ?? ''), enabled: Boolean(id) });

const invalidate = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['customers'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
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
    mutationFn: (id: string) => unwrap(api.api.customers[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
