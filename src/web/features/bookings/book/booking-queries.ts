import type { BookingFormInput } from '../../../../shared/booking.schemas';
import type { SeriesCheckoutInput } from '../../../../shared/series.schemas';
import type { api } from '../../../lib/api';
import { endpoint, unwrap } from '../../../lib/api-fetch';
import { bookKeys } from '../../../lib/book-keys';
import { useRemote } from '../../../lib/use-remote';

// /book's reads and writes. The page is a public island (docs/decisions/0911, 912): plain keyed reads (useRemote),
// not TanStack Query, so that its first load stays small.

const getOptions = endpoint<typeof api.api.booking.options.$get>('GET', '/api/booking/options');
const getSlots = endpoint<typeof api.api.booking.slots.$get>('GET', '/api/booking/slots');
const postPayment = endpoint<(typeof api.api.booking)['create-payment']['$post']>(
  'POST',
  '/api/booking/create-payment',
);
const getCheckoutStatus = endpoint<(typeof api.api.booking)['checkout-status']['$get']>(
  'GET',
  '/api/booking/checkout-status',
);

const loadOptions = (query: { business?: string; zip?: string; location?: string }) =>
  unwrap(getOptions({ query }));

/** What /api/booking/options answers: the business (or the detailers serving a zip), its services and booking window. */
export type BookingOptions = Awaited<ReturnType<typeof loadOptions>>;

/** The booking options; `initialData` is what the server rendered the page with. */
export const useBookingOptions = (
  query: { business?: string; zip?: string; location?: string },
  initialData?: BookingOptions | null,
) =>
  useRemote(
    bookKeys.options(query.business ?? null, query.zip ?? null, query.location),
    () => loadOptions(query),
    {
      initialData: initialData ?? undefined,
      staleMs: 15_000,
    },
  );

/** The last five-digit group of an address ("12 Elm St, Austin, TX 78701" → 78701), as the server reads it. */
export const zipInAddress = (address: string | undefined) =>
  address?.match(/\b\d{5}(?=(-\d{4})?\b)/g)?.at(-1);

/**
 * A day's times. `zip` is where the job is — the street address's zip code refines the one the customer arrived
 * with — and a business whose technicians drive (`needsPlace`) lists no times without one (decision 1248).
 */
export const useSlots = (query: {
  business?: string;
  /** The location the page's link names (decision 1280). */
  location?: string;
  serviceId?: string;
  date?: string;
  zip?: string;
  needsPlace?: boolean;
  addOns?: string[];
  /** The further vehicles (decision 1325), as encodeSlotVehicles writes them. */
  vehicles?: string;
}) =>
  useRemote(
    query.serviceId && query.date && (!query.needsPlace || query.zip)
      ? [
          ...bookKeys.slotsFor(query.business ?? null, query.serviceId, query.date, query.zip ?? null),
          query.addOns?.join(',') ?? '',
          query.location ?? '',
          query.vehicles ?? '',
        ]
      : null,
    () =>
      unwrap(
        getSlots({
          query: {
            business: query.business,
            ...(query.location ? { location: query.location } : {}),
            serviceId: query.serviceId ?? '',
            date: query.date ?? '',
            zip: query.zip || undefined,
            // The chosen add-ons lengthen the slot (decision 1255).
            ...(query.addOns?.length ? { addOns: query.addOns.join(',') } : {}),
            ...(query.vehicles ? { vehicles: query.vehicles } : {}),
          },
        }),
      ),
    { staleMs: 10_000 },
  );

export const createPayment = (body: BookingFormInput) => unwrap(postPayment({ json: body }));

/**
 * While the customer pays in the other tab, the /book tab asks what became of the checkout every few seconds (and at
 * once when the customer comes back to it), until the checkout is settled one way or the other (issue 16).
 */
export const useCheckoutStatus = (sessionId: string | null) =>
  useRemote(
    sessionId ? bookKeys.checkoutStatus(sessionId) : null,
    () => unwrap(getCheckoutStatus({ query: { sessionId: sessionId ?? '' } })),
    {
      pollMs: (data) => (data?.state === 'open' || !data ? 3000 : false),
      refetchOnFocus: true,
      retry: false,
    },
  );

// Repeat visits (issue 32): which services repeat and their discounts, and the series' card-saving checkout.
const getRepeatTerms = endpoint<(typeof api.api.public.series.terms)['$get']>(
  'GET',
  '/api/public/series/terms',
);
const postSeriesCheckout = endpoint<(typeof api.api.public.series.checkout)['$post']>(
  'POST',
  '/api/public/series/checkout',
);

export const useRepeatTerms = (business: string | undefined) =>
  useRemote(
    business ? ['repeat-terms', business] : null,
    () => unwrap(getRepeatTerms({ query: { business: business ?? '' } })),
    { staleMs: 60_000 },
  );

export const createSeriesCheckout = (body: SeriesCheckoutInput) => unwrap(postSeriesCheckout({ json: body }));
