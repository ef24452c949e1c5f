import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { SchedulingInput } from '../../../shared/scheduling';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const scheduling = api.api.scheduling;
export type Scheduling = InferResponseType<typeof scheduling.$get, 200>;

export const schedulingQuery = queryOptions({
  queryKey: ['scheduling'],
  queryFn: () => unwrap(scheduling.$get()),
});
export const useScheduling = () => useQuery(schedulingQuery);

export const useSaveScheduling = () =>
  useMutation({
    mutationFn: (values: SchedulingInput) => unwrap(scheduling.$put({ json: values })),
    onSuccess: (saved) => {
      queryClient.setQueryData(schedulingQuery.queryKey, saved);
      // Slots and every date shown in the business zone depend on it.
      return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'scheduling' });
    },
  });
