import type { QueryClient } from '@tanstack/react-query';

/**
 * Sets <html data-queries> to `fetching` while any query or mutation of `client` is in flight and `idle` otherwise.
 * Automated checks wait for `idle` before they read a screen (e2e/axe.ts) instead of for half a second of network
 * silence; before the app has started the attribute is absent, which they read as not ready (decision 1351). The
 * caches call their listeners as a fetch starts and ends, so the mark is never behind.
 */
export function markFetching(client: QueryClient) {
  const update = () => {
    document.documentElement.dataset.queries =
      client.isFetching() + client.isMutating() > 0 ? 'fetching' : 'idle';
  };
  client.getQueryCache().subscribe(update);
  client.getMutationCache().subscribe(update);
  update();
}
