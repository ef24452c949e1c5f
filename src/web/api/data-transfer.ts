import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CloseAccountValues } from '../../shared/data-transfer';
import { api, unwrap } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export const dataExportsQuery = queryOptions({
  queryKey: queryKeys.dataTransfer.exports,
  queryFn: () => unwrap(api.api.data.exports.$get()),
  // An export is built in the background: its progress is followed while one is under way.
  refetchInterval: (q) =>
    q.state.data?.items.some((e) => e.status === 'queued' || e.status === 'running') ? 1500 : false,
});
export const useDataExports = () => useQuery(dataExportsQuery);

export const useRequestExport = () =>
  useMutation({
    mutationFn: () => unwrap(api.api.data.exports.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataTransfer.exports }),
  });

export const accountClosureQuery = queryOptions({
  queryKey: queryKeys.dataTransfer.closure,
  queryFn: () => unwrap(api.api.data.closure.$get()),
});
export const useAccountClosure = () => useQuery(accountClosureQuery);

export const useCloseAccount = () =>
  useMutation({
    mutationFn: (values: CloseAccountValues) => unwrap(api.api.data.closure.$post({ json: values })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataTransfer.closure }),
  });

/** The authorised download address of an export's archive (a plain link: the browser saves the .zip). */
export const exportDownloadUrl = (id: string) => `/api/data/exports/${encodeURIComponent(id)}/download`;
