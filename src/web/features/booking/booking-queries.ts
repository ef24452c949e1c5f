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

/**
 * While the customer pays in the other tab, the /book tab asks what became of the checkout every few seconds (and at
 * once when the customer comes back to it), until the checkout is settled one way or the other (issue 16).
 */
export const useCheckoutStatus = (sessionId: string | null) =>
  useQuery({
    queryKey: ['checkout-status', sessionId],
    queryFn: () => unwrap(api.api.booking['checkout-status'].$get({ query: { sessionId: sessionId ?? '' } })),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (query.state.data?.state === 'open' || !query.state.data ? 3000 : false),
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    retry: false,
  });

/** What /api/booking/options answers: the business (or the detailers serving a zip), its services and booking window. */
export type BookingOptions = NonNullable<ReturnType<typeof useBookingOptions>['data']>;
