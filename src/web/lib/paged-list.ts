import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
} from '@tanstack/react-query';

/** One page of the API's list shape (src/server/http/lists.ts). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The query options of a server-paged list: `fetchPage(cursor)` asks for the page after `cursor` (undefined for
 * the first). Every "load more" list of the app is built from this, so they page, cache and refresh alike.
 * A page may carry more than its rows (the invoices' totals): `data.pages[0]` keeps them.
 */
export function pagedListOptions<P extends Page<unknown>, K extends QueryKey>(
  queryKey: K,
  fetchPage: (cursor: string | undefined) => Promise<P>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last: P) => last.nextCursor ?? undefined,
    // A new search keeps showing the previous rows until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

/** The list's pages flattened into `items`, beside everything useInfiniteQuery returns. */
export function usePagedList<P extends Page<unknown>, K extends QueryKey>(
  options: ReturnType<typeof pagedListOptions<P, K>>,
  extra: Pick<Partial<ReturnType<typeof pagedListOptions<P, K>>>, 'enabled' | 'refetchInterval'> = {},
) {
  const query = useInfiniteQuery({ ...options, ...extra });
  const items = (query.data?.pages.flatMap((p) => p.items) ?? []) as P['items'][number][];
  return { ...query, items };
}

export type PagedList = Pick<
  ReturnType<typeof useInfiniteQuery>,
  'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'
>;
