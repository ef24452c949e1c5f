import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api';

/** The signed-in user's platform role (admin, technician or none): the admin guard, the nav and the sign-in landing. */
export const roleQuery = queryOptions({
  queryKey: ['me', 'role'],
  queryFn: () => unwrap(api.api.me.role.$get()),
  staleTime: 60_000,
});

export const useRole = () => useQuery(roleQuery);
