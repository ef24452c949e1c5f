import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { GrantRoleInput, PlatformRole, UserFilter } from '../../shared/admin-users';
import { api, noContent, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

const users = api.api.admin.users;
const audit = api.api.admin.audit;
export type AdminAccount = InferResponseType<typeof users.$get, 200>['items'][number];
export type AccountOverview = InferResponseType<(typeof users)[':id']['$get'], 200>;
export type AuditEntry = InferResponseType<typeof audit.$get, 200>['items'][number];

const PAGE = '25';

export const useAccounts = (q: string, filter: UserFilter) =>
  usePagedList(
    pagedListOptions(queryKeys.adminUsers.list(q, filter), (cursor) =>
      unwrap(users.$get({ query: { limit: PAGE, filter, ...(q && { q }), ...(cursor && { cursor }) } })),
    ),
  );

export const useAccountOverview = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.adminUsers.overview(id),
    queryFn: () => unwrap(users[':id'].$get({ param: { id: id! } })),
    enabled: Boolean(id),
  });

export const useAuditLog = (targetId?: string) =>
  usePagedList(
    pagedListOptions(queryKeys.adminAudit.list(targetId), (cursor) =>
      unwrap(
        audit.$get({ query: { limit: PAGE, ...(targetId && { targetId }), ...(cursor && { cursor }) } }),
      ),
    ),
  );

/** Any change to an account: the lists, its overview and the audit log read again. */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.me.role }),
  ]);

export const useGrantRole = () =>
  useMutation({
    mutationFn: ({ id, ...json }: GrantRoleInput & { id: string }) =>
      unwrap(users[':id'].roles.$post({ param: { id }, json })),
    onSuccess: refresh,
  });

export const useRevokeRole = () =>
  useMutation({
    mutationFn: ({ id, role }: { id: string; role: PlatformRole }) =>
      noContent(users[':id'].roles[':role'].$delete({ param: { id, role } })),
    onSuccess: refresh,
  });

export const useSuspend = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      unwrap(users[':id'].suspend.$post({ param: { id }, json: reason ? { reason } : {} })),
    onSuccess: refresh,
  });

export const useRestore = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(users[':id'].restore.$post({ param: { id } })),
    onSuccess: refresh,
  });
