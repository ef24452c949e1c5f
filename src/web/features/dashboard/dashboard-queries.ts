import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => unwrap(api.api.dashboard.$get()),
});

export const useDashboard = () => useQuery(dashboardQuery);

export const useEnablePayments = () =>
  useMutation({
    mutationFn: () => unwrap(api.api.dashboard.payments.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQuery.queryKey }),
  });
