import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OwnerFilter, OwnerReport } from '../../shared/owner-analytics';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

/** /analytics: the basic view (every plan). */
export const ownerAnalyticsQuery = (period: OwnerFilter) =>
  queryOptions({
    queryKey: queryKeys.analytics.basic(period),
    queryFn: () => unwrap(api.api.analytics.$get({ query: period })),
    staleTime: 60_000,
  });
export const useOwnerAnalytics = (period: OwnerFilter) =>
  useQuery({ ...ownerAnalyticsQuery(period), placeholderData: keepPreviousData });

/** The advanced reports (Pro and Elite); asked only when the plan includes them. */
export const ownerAdvancedAnalyticsQuery = (period: OwnerFilter) =>
  queryOptions({
    queryKey: queryKeys.analytics.advanced(period),
    queryFn: () => unwrap(api.api.analytics.advanced.$get({ query: period })),
    staleTime: 60_000,
  });
export const useOwnerAdvancedAnalytics = (period: OwnerFilter, enabled: boolean) =>
  useQuery({ ...ownerAdvancedAnalyticsQuery(period), enabled, placeholderData: keepPreviousData });

export type OwnerAnalytics = NonNullable<ReturnType<typeof useOwnerAnalytics>['data']>;
export type OwnerAdvancedAnalytics = NonNullable<ReturnType<typeof useOwnerAdvancedAnalytics>['data']>;

/** One table as CSV (a download, outside the typed client). */
export const ownerReportCsvUrl = (report: OwnerReport, p: OwnerFilter) =>
  `/api/analytics/export.csv?report=${report}&from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}${
    p.locationId ? `&locationId=${encodeURIComponent(p.locationId)}` : ''
  }`;

/** Sets the labour cost per hour; the advanced reports (labour and profit) read again. */
export const useSaveLabourRate = () =>
  useMutation({
    mutationFn: (hourlyCostCents: number) =>
      unwrap(api.api.analytics['labour-rate'].$put({ json: { hourlyCostCents } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.analytics.all }),
  });
