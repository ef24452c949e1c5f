import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
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
