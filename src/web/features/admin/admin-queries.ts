import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';

export const roleQuery = queryOptions({
  queryKey: ['me', 'role'],
  queryFn: () => unwrap(api.api.me.role.$get()),
  staleTime: 60_000,
});

export const useRole = () => useQuery(roleQuery);
