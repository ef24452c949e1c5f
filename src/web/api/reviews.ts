import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** /review/:token: the completed job a customer rates from the link in their review request (decision 614). */
export const reviewQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.byToken(token),
    queryFn: () => unwrap(api.api.reviews[':token'].$get({ param: { token } })),
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
  });

export type ReviewView = Awaited<ReturnType<NonNullable<ReturnType<typeof reviewQuery>['queryFn']>>>;
