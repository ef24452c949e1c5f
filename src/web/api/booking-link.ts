import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** The business's readable booking link (`/book/{slug}`), made on first ask (decision 1103). */
export const bookingLinkQuery = queryOptions({
  queryKey: queryKeys.bookingLink.all,
  queryFn: () => unwrap(api.api['booking-link'].$get()),
  staleTime: Number.POSITIVE_INFINITY,
});
