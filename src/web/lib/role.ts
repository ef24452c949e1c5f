import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api';
import { queryKeys } from './query-keys';

/** The signed-in user's platform role (admin, technician or none): the admin guard, the nav and the sign-in landing. */
export const roleQuery = queryOptions({
  queryKey: queryKeys.me.role,
  queryFn: () => unwrap(api.api.me.role.$get()),
  staleTime: 60_000,
});

export const useRole = () => useQuery(roleQuery);
