import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** This week's insights digest (Elite; GET /api/insights): written once a week, so read rarely. */
export const insightsQuery = queryOptions({
  queryKey: queryKeys.analytics.insights,
  queryFn: () => unwrap(api.api.insights.$get()),
  staleTime: 10 * 60_000,
});

export const useInsights = (enabled: boolean) => useQuery({ ...insightsQuery, enabled });
