import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ExternalCalendarValues } from '../../shared/calendar-sync';
import { api, noContent, unwrap } from '../lib/api';
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

export type ExternalCalendar = InferResponseType<
  (typeof api.api)['calendar-sync']['calendars']['$get'],
  200
>['items'][number];

export const externalCalendarsQuery = queryOptions({
  queryKey: queryKeys.calendarSync.calendars,
  queryFn: () => unwrap(api.api['calendar-sync'].calendars.$get()),
});
export const useExternalCalendars = () => useQuery(externalCalendarsQuery);

const refreshCalendars = () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarSync.calendars });

export const useAddExternalCalendar = () =>
  useMutation({
    mutationFn: (values: ExternalCalendarValues) =>
      unwrap(api.api['calendar-sync'].calendars.$post({ json: values })),
    onSuccess: refreshCalendars,
  });

export const useRemoveExternalCalendar = () =>
  useMutation({
    mutationFn: (id: string) =>
      noContent(api.api['calendar-sync'].calendars[':id'].$delete({ param: { id } })),
    onSuccess: refreshCalendars,
  });

export type GoogleConnection = InferResponseType<
  (typeof api.api)['calendar-sync']['google']['$get'],
  200
>['connections']['items'][number];

export const googleCalendarQuery = queryOptions({
  queryKey: queryKeys.calendarSync.google,
  queryFn: () => unwrap(api.api['calendar-sync'].google.$get()),
});
export const useGoogleCalendar = () => useQuery(googleCalendarQuery);

/** Starts Connect Google Calendar: the browser goes to Google's consent page and comes back to /calendar-sync. */
export const useConnectGoogle = () =>
  useMutation({
    mutationFn: () => unwrap(api.api['calendar-sync'].google.connect.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export const useDisconnectGoogle = () =>
  useMutation({
    mutationFn: (id: string) => noContent(api.api['calendar-sync'].google[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarSync.all }),
  });
