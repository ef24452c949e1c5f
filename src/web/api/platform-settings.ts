import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { PlatformSettingsValues } from '../../shared/platform-settings';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const settings = api.api.admin.settings;
export type AdminSettings = InferResponseType<typeof settings.$get, 200>;

export const useAdminSettings = () =>
  useQuery({ queryKey: queryKeys.platformSettings.all, queryFn: () => unwrap(settings.$get()) });

export const useSaveSettings = () =>
  useMutation({
    mutationFn: (json: PlatformSettingsValues) => unwrap(settings.$put({ json })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.platformSettings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publicSettings.all }),
      ]),
  });
