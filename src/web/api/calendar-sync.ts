import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export type CalendarFeed = InferResponseType<
  (typeof api.api)['calendar-sync']['feeds']['$get'],
  200
>['items'][number];

export const calendarFeedsQuery = queryOptions({
  queryKey: queryKeys.calendarSync.feeds,
  queryFn: () => unwrap(api.api['calendar-sync'].feeds.$get()),
});
export const useCalendarFeeds = () => useQuery(calendarFeedsQuery);

export const useRotateCalendarFeed = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(api.api['calendar-sync'].feeds[':id'].rotate.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarSync.feeds }),
  });
