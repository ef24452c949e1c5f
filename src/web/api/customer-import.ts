import { useMutation } from '@tanstack/react-query';
import type { CustomerImportInput } from '../../shared/customer-import';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const usePreviewCustomerImport = () =>
  useMutation({
    mutationFn: (input: CustomerImportInput) =>
      unwrap(api.api.customers.import.preview.$post({ json: input })),
  });

export const useImportCustomers = () =>
  useMutation({
    mutationFn: (input: CustomerImportInput) => unwrap(api.api.customers.import.$post({ json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
