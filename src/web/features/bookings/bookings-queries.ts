import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BookingFilter } from '../../../shared/booking-status';
import type { BookingStatus } from '../../../shared/constants';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

export const bookingsQuery = (filters: { search: string; status: BookingFilter }) =>
  queryOptions({
    queryKey: ['bookings', filters],
    queryFn: () =>
      unwrap(
        api.api.bookings.$get({
          query: { ...(filters.search.trim() && { search: filters.search.trim() }), status: filters.status },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useBookings = (filters: { search: string; status: BookingFilter }) =>
  useQuery(bookingsQuery(filters));

export type OwnerBooking = NonNullable<ReturnType<typeof useBookings>['data']>['bookings'][number];

export const useUpdateBookingStatus = () =>
  useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingStatus }) =>
      unwrap(api.api.bookings[':id'].status.$patch({ param: { id }, json: { status } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['customers'] }),
      ]),
  });
