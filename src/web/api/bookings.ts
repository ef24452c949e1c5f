import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { BookingFilter } from '../../shared/booking-status';
import type { BookingStatus } from '../../shared/constants';
import type { BookingWhen, OwnerBookingEdit, OwnerBookingInput } from '../../shared/owner-bookings';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const bookingsApi = api.api.bookings;
export type OwnerBooking = InferResponseType<typeof bookingsApi.$get, 200>['items'][number];
export type BookingDetail = InferResponseType<(typeof bookingsApi)[':id']['$get'], 200>;

export interface ListFilters {
  q: string;
  status: BookingFilter;
  when: BookingWhen;
  /** A team member's id, 'unassigned', or absent for everyone's bookings. */
  technicianId?: string;
  /** One of the business's locations (decision 1280), or absent for all. */
  locationId?: string;
}

/** The List view: pages of `{ items, nextCursor }` from the server. */
export const useBookingsList = (filters: ListFilters) =>
  usePagedList(
    pagedListOptions(queryKeys.bookings.list(filters), (cursor) =>
      unwrap(
        bookingsApi.$get({
          query: {
            ...(filters.q.trim() && { q: filters.q.trim() }),
            status: filters.status,
            when: filters.when,
            ...(filters.technicianId && { technicianId: filters.technicianId }),
            ...(filters.locationId && { locationId: filters.locationId }),
            limit: '24',
            ...(cursor && { cursor }),
          },
        }),
      ),
    ),
  );

/** The Today, Day and Week views: every booking between two dates in the business's zone. */
type CalendarRange = { from: string; to: string; technicianId?: string; locationId?: string };
export const calendarQuery = (range: CalendarRange) =>
  queryOptions({
    queryKey: queryKeys.bookings.calendar(range),
    queryFn: () =>
      unwrap(
        bookingsApi.calendar.$get({
          query: {
            from: range.from,
            to: range.to,
            ...(range.technicianId && { technicianId: range.technicianId }),
            ...(range.locationId && { locationId: range.locationId }),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
export const useCalendar = (range: CalendarRange) => useQuery(calendarQuery(range));

export const useBookingDetail = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.bookings.detail(id),
    queryFn: () => unwrap(bookingsApi[':id'].$get({ param: { id: id! } })),
    enabled: Boolean(id),
  });

const refreshAll = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.scheduling.ownerSlots }),
  ]);

export const useUpdateBookingStatus = () =>
  useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingStatus }) =>
      unwrap(bookingsApi[':id'].status.$patch({ param: { id }, json: { status } })),
    onSettled: refreshAll,
  });

export const useCreateBooking = () =>
  useMutation({
    mutationFn: (body: OwnerBookingInput) => unwrap(bookingsApi.$post({ json: body })),
    onSuccess: refreshAll,
  });

export const useEditBooking = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: OwnerBookingEdit }) =>
      unwrap(bookingsApi[':id'].$patch({ param: { id }, json: body })),
    onSuccess: refreshAll,
  });

/** The owner's "Update customer": the booker's details onto the booking's customer (decision 0936). */
export const useMergeBooker = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(bookingsApi[':id']['merge-booker'].$post({ param: { id }, json: {} })),
    onSuccess: refreshAll,
  });
