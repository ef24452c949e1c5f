import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { TimeEntryEdit } from '../../shared/timesheets';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const timesheets = api.api.timesheets;
export type Timesheet = InferResponseType<typeof timesheets.$get, 200>;
export type TechnicianWeek = Timesheet['items'][number];
export type TimesheetDay = TechnicianWeek['days'][number];
export type TimeEntry = TimesheetDay['entries'][number];

/** The payroll CSV of a range (a download link, not a fetch). */
export const timesheetCsvUrl = (from: string, to: string) =>
  `/api/timesheets/export.csv?${new URLSearchParams({ from, to })}`;

/** A week from its Monday; null = the business's current week (the server knows its zone). */
export const timesheetWeekQuery = (from: string | null) =>
  queryOptions({
    queryKey: queryKeys.timesheets.week(from),
    queryFn: () => unwrap(timesheets.$get({ query: from ? { from } : {} })),
  });

export const useTimesheetWeek = (from: string | null) =>
  useQuery({ ...timesheetWeekQuery(from), placeholderData: keepPreviousData });

export const useEditTimeEntry = () =>
  useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: TimeEntryEdit }) =>
      unwrap(timesheets.entries[':id'].$patch({ param: { id }, json: edit })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.timesheets.all }),
  });
