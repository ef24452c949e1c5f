import { useEffect } from 'react';
import { toast } from 'sonner';

/** Shows the spec's load-failure toast once each time a query fails (the page also shows a retry). */
export function useErrorToast(isError: boolean, message: string, error?: Error | null) {
  useEffect(() => {
    if (isError) toast.error(message, { description: error?.message, id: message });
  }, [isError, message, error]);
}
