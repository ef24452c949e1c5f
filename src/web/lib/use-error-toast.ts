import { useEffect } from 'react';
import { toastError } from './lazy-toast';

/** Shows the spec's load-failure toast (e.g. "Failed to fetch bookings") once each time a query fails. */
export function useErrorToast(failed: boolean, description: string, errorUpdatedAt?: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt re-fires the toast for a new failure
  useEffect(() => {
    if (failed) toastError('Error', { description, id: description });
  }, [failed, description, errorUpdatedAt]);
}
