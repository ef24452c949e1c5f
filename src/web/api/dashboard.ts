import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => unwrap(api.api.dashboard.$get()),
});

export const useDashboard = () => useQuery(dashboardQuery);
