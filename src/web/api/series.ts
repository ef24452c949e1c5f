import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { OwnerSeriesInput, RepeatTermsInput, WeatherMoveInput } from '../../shared/series.schemas';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

// Repeat visits (issue 32): the series of a manage link's booking (the customer) and of a booking (the owner).

export const manageSeriesQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.manage.series(token),
    queryFn: () => unwrap(api.api.public.series.manage[':token'].$get({ param: { token } })),
    retry: false,
  });

export const bookingSeriesQuery = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.series.byBooking(bookingId),
    queryFn: () => unwrap(api.api.series['by-booking'][':id'].$get({ param: { id: bookingId } })),
    retry: false,
  });

export type SeriesView = NonNullable<
  Awaited<ReturnType<NonNullable<ReturnType<typeof manageSeriesQuery>['queryFn']>>>['series']
>;

// The owner's side (issue 32): the Repeat visits screen, the repeatable services' discounts, a series from the
// New booking, and the weather move of a day's visits.

export type SeriesListItem = InferResponseType<typeof api.api.series.$get, 200>['items'][number];
export type FlaggedVisit = InferResponseType<typeof api.api.series.$get, 200>['flagged'][number];
export type RepeatTerms = InferResponseType<typeof api.api.series.terms.$get, 200>['items'][number];
export type WeatherPreviewItem = InferResponseType<
  (typeof api.api.series)['weather-move']['preview']['$post'],
  200
>['items'][number];

export const useSeriesList = () =>
  useQuery({ queryKey: queryKeys.series.list, queryFn: () => unwrap(api.api.series.$get()) });

export const useRepeatTerms = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.series.terms,
    queryFn: () => unwrap(api.api.series.terms.$get()),
    enabled,
  });

const refreshSeries = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.series.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  ]);

export const useSaveRepeatTerms = () =>
  useMutation({
    mutationFn: ({ serviceId, json }: { serviceId: string; json: RepeatTermsInput }) =>
      unwrap(api.api.series.terms[':serviceId'].$put({ param: { serviceId }, json })),
    onSuccess: refreshSeries,
  });

export const useCreateOwnerSeries = () =>
  useMutation({
    mutationFn: (json: OwnerSeriesInput) => unwrap(api.api.series.$post({ json })),
    onSuccess: refreshSeries,
  });

export const useWeatherPreview = (input: WeatherMoveInput | null) =>
  useQuery({
    queryKey: queryKeys.series.weatherPreview(input?.fromDate ?? '', input?.toDate ?? ''),
    queryFn: () => unwrap(api.api.series['weather-move'].preview.$post({ json: input! })),
    enabled: input !== null,
    retry: false,
  });

export const useWeatherMove = () =>
  useMutation({
    mutationFn: (json: WeatherMoveInput) => unwrap(api.api.series['weather-move'].$post({ json })),
    onSuccess: refreshSeries,
  });
