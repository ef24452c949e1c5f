import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { SchedulingInput } from '../../shared/scheduling';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { outside, queryKeys } from '../lib/query-keys';

const scheduling = api.api.scheduling;
export type Scheduling = InferResponseType<typeof scheduling.$get, 200>;

export const schedulingQuery = queryOptions({
  queryKey: queryKeys.scheduling.all,
  queryFn: () => unwrap(scheduling.$get()),
});
export const useScheduling = () => useQuery(schedulingQuery);

/**
 * The business's time zone: every owner screen shows dates and times in it, whoever looks and wherever they are
 * (decision 1163). The default zone stands in only until the business's settings have loaded.
 */
export const useBusinessTimeZone = () => useScheduling().data?.timeZone ?? DEFAULT_TIME_ZONE;

export const useSaveScheduling = () =>
  useMutation({
    mutationFn: (values: SchedulingInput) => unwrap(scheduling.$put({ json: values })),
    onSuccess: (saved) => {
      queryClient.setQueryData(schedulingQuery.queryKey, saved);
      // Slots and every date shown in the business zone depend on it.
      return queryClient.invalidateQueries({ predicate: outside(queryKeys.scheduling.all) });
    },
  });

/**
 * The owner's slots for a date and service (no minimum notice; the booking being edited does not clash). With the
 * job's address, a time no technician can drive to is taken (decision 1248); only its zip code matters, so the key
 * holds the zip code, not every keystroke.
 */
export const useOwnerSlots = (q: {
  serviceId: string;
  date: string;
  excludeBookingId?: string;
  zip?: string;
  /** New booking's add-ons and further vehicles (decision 1328): the slot is their summed length. */
  addOns?: string;
  vehicles?: string;
}) =>
  useQuery({
    queryKey: queryKeys.scheduling.ownerSlotsFor(q),
    queryFn: () =>
      unwrap(
        scheduling.slots.$get({
          query: {
            serviceId: q.serviceId,
            date: q.date,
            ...(q.excludeBookingId && { excludeBookingId: q.excludeBookingId }),
            ...(q.zip && { address: q.zip }),
            ...(q.addOns && { addOns: q.addOns }),
            ...(q.vehicles && { vehicles: q.vehicles }),
          },
        }),
      ),
    enabled: Boolean(q.serviceId && q.date),
  });
