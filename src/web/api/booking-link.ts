import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';

/** The business's readable booking link (`/book/{slug}`), made on first ask (decision 1103). */
export const bookingLinkQuery = queryOptions({
  queryKey: ['booking-link'],
  queryFn: () => unwrap(api.api['booking-link'].$get()),
  staleTime: Number.POSITIVE_INFINITY,
});
