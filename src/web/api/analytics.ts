import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '../../shared/analytics';
import { api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

export const analyticsQuery = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: queryKeys.adminAnalytics.period(period),
    queryFn: () => unwrap(api.api.admin.analytics.$get({ query: period })),
    staleTime: 60_000,
  });

export const useAnalytics = (period: AnalyticsPeriod) =>
  useQuery({ ...analyticsQuery(period), placeholderData: keepPreviousData });

export type Analytics = NonNullable<ReturnType<typeof useAnalytics>['data']>;

export const analyticsCsvUrl = (p: AnalyticsPeriod) =>
  `/api/admin/analytics/export.csv?from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;
