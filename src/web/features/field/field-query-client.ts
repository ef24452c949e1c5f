import { QueryClient } from '@tanstack/react-query';

/**
 * The field app's query client: its reads fall back to IndexedDB themselves, so they run with or without a network
 * (`networkMode: 'always'`) and are not retried (a retry would only delay the phone's copy).
 */
export const fieldQueryClient = new QueryClient({
  defaultOptions: { queries: { networkMode: 'always', retry: false, staleTime: 30_000 } },
});
