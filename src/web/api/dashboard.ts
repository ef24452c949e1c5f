import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

export const dashboardQuery = queryOptions({
  queryKey: queryKeys.dashboard.all,
  queryFn: () => unwrap(api.api.dashboard.$get()),
});

export const useDashboard = () => useQuery(dashboardQuery);
