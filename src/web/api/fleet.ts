import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { FleetAccountInput } from '../../shared/fleet';
import { api, noContent, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

// Fleet and commercial accounts (issue 32): a customer's company details and its monthly invoices.

const company = api.api.customers[':id'].company;
export type FleetAccountView = InferResponseType<typeof company.$get, 200>;
const key = queryKeys.customers.company;

export const fleetAccountQuery = (id: string) =>
  queryOptions({ queryKey: key(id), queryFn: () => unwrap(company.$get({ param: { id } })) });
export const useFleetAccount = (id: string) => useQuery(fleetAccountQuery(id));

const refresh = (id: string) => {
  void queryClient.invalidateQueries({ queryKey: key(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
};

export const useSaveFleetAccount = (id: string) =>
  useMutation({
    mutationFn: (json: FleetAccountInput) => unwrap(company.$put({ param: { id }, json })),
    onSuccess: () => refresh(id),
  });
export const useRemoveFleetAccount = (id: string) =>
  useMutation({
    mutationFn: () => noContent(company.$delete({ param: { id } })),
    onSuccess: () => refresh(id),
  });
export const useSendMonthlyInvoice = (id: string) =>
  useMutation({
    mutationFn: (month: string) =>
      unwrap(company['monthly-invoice'].$post({ param: { id }, json: { month } })),
    onSuccess: () => refresh(id),
  });
