import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { GrantRoleInput, PlatformRole, UserFilter } from '../../../shared/admin-users';
import { api, unwrap } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const users = api.api.admin.users;
const audit = api.api.admin.audit;
export type AdminAccount = InferResponseType<typeof users.$get, 200>['items'][number];
export type AccountOverview = InferResponseType<(typeof users)[':id']['$get'], 200>;
export type AuditEntry = InferResponseType<typeof audit.$get, 200>['items'][number];

const PAGE = '25';

export const useAccounts = (q: string, filter: UserFilter) =>
  useInfiniteQuery({
    queryKey: ['admin', 'users', 'list', q, filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(users.$get({ query: { limit: PAGE, filter, ...(q && { q }), ...(pageParam && { cursor: pageParam }) } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useAccountOverview = (id: string | null) =>
  useQuery({
    queryKey: ['admin', 'users', 'overview', id],
    queryFn: () => unwrap(users[':id'].$get({ param: { id: id! } })),
    enabled: Boolean(id),
  });

export const useAuditLog = (targetId?: string) =>
  useInfiniteQuery({
    queryKey: ['admin', 'audit', targetId ?? 'all'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(audit.$get({ query: { limit: PAGE, ...(targetId && { targetId }), ...(pageParam && { cursor: pageParam }) } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Any change to an account: the lists, its overview and the audit log read again. */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    queryClient.invalidateQueries({ queryKey: ['me', 'role'] }),
  ]);

export const useGrantRole = () =>
  useMutation({
    mutationFn: ({ id, ...json }: GrantRoleInput & { id: string }) =>
      unwrap(users[':id'].roles.$post({ param: { id }, json })),
    onSuccess: refresh,
  });

export const useRevokeRole = () =>
  useMutation({
    mutationFn: async ({ id, role }: { id: string; role: PlatformRole }) => {
      const res = await users[':id'].roles[':role'].$delete({ param: { id, role } });
      // 204 on success; an error answers with `{ error: { message } }`.
      if (!res.ok) await unwrap(Promise.resolve(res as { ok: boolean; status: number; json(): Promise<unknown> }));
    },
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
