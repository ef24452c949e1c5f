import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api';
import { queryKeys } from './query-keys';

/**
 * The platform settings the public pages and the New Quote dialog show (banner, plan prices, support contact, default
 * tax rate), as an admin saved them on /admin/settings.
 */
export const publicSettingsQuery = queryOptions({
  queryKey: queryKeys.publicSettings.all,
  queryFn: () => unwrap(api.api.public.settings.$get()),
  staleTime: 30_000,
});

export const usePublicSettings = () => useQuery(publicSettingsQuery);
