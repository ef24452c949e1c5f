import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * Whether a visitor is signed in, for public pages: one plain read of better-auth's session endpoint, so public pages
 * never load the auth client (owner, admin and auth screens use `useSession` from auth-client).
 * Not kept after the page leaves (gcTime 0): signing in or out happens on other screens.
 */
export function useSignedIn() {
  const { data, isPending } = useQuery({
    queryKey: queryKeys.publicSession.all,
    queryFn: async () => {
      const res = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
      if (!res.ok) return false;
      const body = (await res.json()) as { user?: unknown } | null;
      return Boolean(body?.user);
    },
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { signedIn: data === true, isPending };
}
