import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

// /manage/:token: the customer's own booking, moved or cancelled from the link in their confirmation or reminder.

export const manageBookingQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.manage.booking(token),
    queryFn: () => unwrap(api.api.manage[':token'].$get({ param: { token } })),
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
  });

export const manageSlotsQuery = (token: string, date: string) =>
  queryOptions({
    queryKey: queryKeys.manage.slotsOn(token, date),
    queryFn: () => unwrap(api.api.manage[':token'].slots.$get({ param: { token }, query: { date } })),
    retry: false,
  });

export type ManageView = Awaited<ReturnType<NonNullable<ReturnType<typeof manageBookingQuery>['queryFn']>>>;
