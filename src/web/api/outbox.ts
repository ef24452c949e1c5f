import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../lib/api';
import { pagedListOptions, usePagedList } from '../lib/paged-list';
import { queryKeys } from '../lib/query-keys';

const outbox = api.api.admin.outbox;
export type OutboxMessage = InferResponseType<typeof outbox.$get, 200>['items'][number];
export type OutboxMessageDetail = InferResponseType<(typeof outbox)[':id']['$get'], 200>;
export type OutboxChannelFilter = 'all' | 'email' | 'sms';

const PAGE = '25';

/** Messages newest first; `q` searches recipients on the server. */
export const useOutbox = (q: string, channel: OutboxChannelFilter) =>
  usePagedList(
    pagedListOptions(queryKeys.outbox.list(q, channel), (cursor) =>
      unwrap(
        outbox.$get({
          query: {
            limit: PAGE,
            ...(q && { q }),
            ...(channel !== 'all' && { channel }),
            ...(cursor && { cursor }),
          },
        }),
      ),
    ),
  );

export const useOutboxMessage = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.outbox.message(id),
    queryFn: () => unwrap(outbox[':id'].$get({ param: { id: id! } })),
    enabled: Boolean(id),
  });

/** The HTML part as its own document, for the sandboxed frame (served under a strict policy). */
export const outboxHtmlUrl = (id: string) => `/api/admin/outbox/${encodeURIComponent(id)}/html`;
