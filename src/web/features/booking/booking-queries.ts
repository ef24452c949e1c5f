import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BookingFormInput } from '../../../shared/booking.schemas';
import { api, unwrap } from '../../lib/api';

export const bookingOptionsQuery = (query: { business?: string; zip?: string }) =>
  queryOptions({
    queryKey: ['booking-options', query.business ?? null, query.zip ?? null],
    queryFn: () => unwrap(api.api.booking.options.$get({ query })),
  });

export const useBookingOptions = (query: { business?: string; zip?: string }) =>
  useQuery(bookingOptionsQuery(query));

export const slotsQuery = (query: { business?: string; serviceId: string; date: string }) =>
  queryOptions({
    queryKey: ['booking-slots', query.business ?? null, query.serviceId, query.date],
    queryFn: () => unwrap(api.api.booking.slots.$get({ query })),
    staleTime: 10_000,
  });

export const useSlots = (query: { business?: string; serviceId?: string; date?: string }) =>
  useQuery({
    ...slotsQuery({ business: query.business, serviceId: query.serviceId ?? '', date: query.date ?? '' }),
    enabled: Boolean(query.serviceId && query.date),
  });

export const useCreatePayment = () =>
  useMutation({
    mutationFn: (body: BookingFormInput) => unwrap(api.api.booking['create-payment'].$post({ json: body })),
  });

export const useCompleteBooking = () =>
  useMutation({
    mutationFn: (sessionId: string) =>
      unwrap(api.api.booking['complete-booking'].$post({ json: { sessionId } })),
  });
