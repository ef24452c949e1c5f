import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type {
  ApplyInput,
  EditedPlanInput,
  JobWindowInput,
  OptimizeInput,
  TechnicianSettingsInput,
} from '../../shared/route-plans';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const routes = api.api.routes;
export type DayRoutesView = InferResponseType<typeof routes.$get, 200>;
export type RoutePlanView = InferResponseType<typeof routes.optimize.$post, 200>;
export type TechnicianRouteView = DayRoutesView['technicians'][number];
export type RouteStopView = TechnicianRouteView['stops'][number];

/** One day's routes (every plan), of one location or all (decision 1280). */
export const dayRoutesQuery = (date: string, locationId?: string) =>
  queryOptions({
    queryKey: queryKeys.routes.day(date, locationId),
    queryFn: () => unwrap(routes.$get({ query: { date, ...(locationId && { locationId }) } })),
  });
export const useDayRoutes = (date: string, locationId?: string) =>
  useQuery({ ...dayRoutesQuery(date, locationId), placeholderData: keepPreviousData });

/** Optimize (Pro and Elite): a proposed plan, nothing changed yet. */
export const useOptimizeRoutes = () =>
  useMutation({ mutationFn: (input: OptimizeInput) => unwrap(routes.optimize.$post({ json: input })) });

/** The owner's own order (dragged or moved): the server works out its arrivals and drive minutes (decision 1270). */
export const useEvaluateRoutes = () =>
  useMutation({ mutationFn: (input: EditedPlanInput) => unwrap(routes.evaluate.$post({ json: input })) });

/** Apply a proposed plan: the day's routes and the bookings change. */
export const useApplyRoutePlan = () =>
  useMutation({
    mutationFn: (input: ApplyInput) => unwrap(routes.apply.$post({ json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.routes.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
      ]),
  });

/** A job's arrival window (decision 1334): its booked hour, or any time in the technician's day. */
export const useSetJobWindow = () =>
  useMutation({
    mutationFn: ({ bookingId, ...json }: JobWindowInput & { bookingId: string }) =>
      unwrap(routes.jobs[':id'].window.$put({ param: { id: bookingId }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.routes.all }),
  });

export type RouteSettingsView = InferResponseType<typeof routes.settings.$get, 200>;

/** The base, each technician's start, end, lunch and specialist services (decision 1246). */
export const useRouteSettings = () =>
  useQuery({
    queryKey: queryKeys.routes.settings,
    queryFn: () => unwrap(routes.settings.$get()),
  });

const settingsSaved = (data: RouteSettingsView) => {
  queryClient.setQueryData(queryKeys.routes.settings, data);
  return queryClient.invalidateQueries({ queryKey: queryKeys.routes.all });
};

export const useSaveBase = () =>
  useMutation({
    mutationFn: (address: string) => unwrap(routes.settings.base.$put({ json: { address } })),
    onSuccess: settingsSaved,
  });

export const useSaveTechnicianSettings = () =>
  useMutation({
    mutationFn: ({ technicianId, json }: { technicianId: string; json: TechnicianSettingsInput }) =>
      unwrap(routes.settings.technicians[':technicianId'].$put({ param: { technicianId }, json })),
    onSuccess: settingsSaved,
  });

export const useSaveSpecialistServices = () =>
  useMutation({
    mutationFn: (serviceIds: string[]) =>
      unwrap(routes.settings['specialist-services'].$put({ json: { serviceIds } })),
    onSuccess: settingsSaved,
  });
