import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-fetch';

// Reads and writes for the public islands (/book, docs/decisions/0912): the few things of TanStack Query the booking
// form used — a keyed read with a short cache, retries, polling, refetch on focus, invalidation by key prefix, and a
// pending flag for writes — in a few hundred bytes instead of ≈ 10 KB gzip on the page's first load. The web app's
// own screens keep TanStack Query.

export interface Remote<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** When the last error came (a new failure re-fires its toast). */
  errorUpdatedAt: number;
  refetch(): void;
}

export interface RemoteOptions<T> {
  /** Data the page was rendered with (the first key's). */
  initialData?: T;
  /** How long an answer is reused for the same key (ms). */
  staleMs?: number;
  /** Retry failures that are not the server's 4xx answer, twice (TanStack Query's default here). */
  retry?: boolean;
  /** Asks again after this many ms while it returns a number. */
  pollMs?: (data: T | undefined) => number | false;
  /** Asks again when the window regains focus. */
  refetchOnFocus?: boolean;
}

const cache = new Map<string, { data: unknown; at: number }>();
const mounted = new Set<{ key: string; refetch(): void }>();

/** Forgets the answers whose key starts with `prefix` and asks again where they are shown (e.g. ['booking-slots']). */
export function invalidateRemote(prefix: readonly unknown[]) {
  const start = JSON.stringify(prefix).slice(0, -1);
  for (const key of cache.keys()) if (key.startsWith(start)) cache.delete(key);
  for (const m of mounted) if (m.key.startsWith(start)) m.refetch();
}

const retryable = (error: unknown) => !(error instanceof ApiError && error.status < 500);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface State<T> {
  key: string | null;
  data: T | undefined;
  error: Error | null;
  fetching: boolean;
  errorAt: number;
}

/** A keyed read: `key` null means disabled. A new key starts without data unless a fresh answer for it is cached. */
export function useRemote<T>(
  key: readonly unknown[] | null,
  load: () => Promise<T>,
  options: RemoteOptions<T> = {},
): Remote<T> {
  const keyText = key ? JSON.stringify(key) : null;
  const [state, setState] = useState<State<T>>(() => ({
    key: keyText,
    data: options.initialData,
    error: null,
    fetching: false,
    errorAt: 0,
  }));
  const [version, setVersion] = useState(0);
  const latest = useRef({ load, options });
  latest.current = { load, options };

  // A new key: what is known for it (a render-time reset, so the old key's data is never shown for the new one).
  let shown = state;
  if (state.key !== keyText) {
    const hit = keyText ? cache.get(keyText) : undefined;
    shown = {
      key: keyText,
      data: hit?.data as T | undefined,
      error: null,
      fetching: false,
      errorAt: state.errorAt,
    };
    setState(shown);
  }

  const refetch = useCallback(() => setVersion((v) => v + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks again for the same key
  useEffect(() => {
    if (!keyText) return;
    const { load, options } = latest.current;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      live = false;
      clearTimeout(timer);
    };
    const schedulePoll = (data: T | undefined) => {
      const ms = latest.current.options.pollMs?.(data);
      if (live && typeof ms === 'number') timer = setTimeout(refetch, ms);
    };
    const hit = cache.get(keyText);
    if (version === 0 && state.data !== undefined && !hit) {
      // Rendered with it (initialData): no request now.
      cache.set(keyText, { data: state.data, at: Date.now() });
      schedulePoll(state.data);
      return stop;
    }
    if (version === 0 && hit && Date.now() - hit.at < (options.staleMs ?? 0)) {
      schedulePoll(hit.data as T);
      return stop;
    }
    setState((s) => (s.key === keyText ? { ...s, fetching: true } : s));
    void (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const data = await load();
          if (!live) return;
          cache.set(keyText, { data, at: Date.now() });
          setState((s) => (s.key === keyText ? { ...s, data, error: null, fetching: false } : s));
          schedulePoll(data);
          return;
        } catch (e) {
          if (!live) return;
          if (options.retry !== false && attempt < 2 && retryable(e)) {
            await wait(1000 * 2 ** attempt);
            if (!live) return;
            continue;
          }
          const error = e instanceof Error ? e : new Error(String(e));
          setState((s) => (s.key === keyText ? { ...s, error, fetching: false, errorAt: Date.now() } : s));
          schedulePoll(undefined);
          return;
        }
      }
    })();
    return stop;
  }, [keyText, version]);

  // Registered for invalidation; focus asks again when wanted.
  useEffect(() => {
    if (!keyText) return;
    const entry = { key: keyText, refetch };
    mounted.add(entry);
    const onFocus = () => {
      if (latest.current.options.refetchOnFocus && document.visibilityState === 'visible') refetch();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      mounted.delete(entry);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [keyText, refetch]);

  return {
    data: shown.data,
    error: shown.error,
    isPending: shown.data === undefined && !shown.error,
    isError: Boolean(shown.error),
    isFetching: shown.fetching,
    errorUpdatedAt: shown.errorAt,
    refetch,
  };
}

/** A write: `run` calls it and keeps its pending flag and last error (what the booking form used of useMutation). */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(
    async (...args: A): Promise<{ ok: true; data: R } | { ok: false; error: Error }> => {
      setPending(true);
      setError(null);
      try {
        const data = await latest.current(...args);
        return { ok: true, data };
      } catch (e) {
        const err = e instanceof Error ? e : new Error(String(e));
        setError(err);
        return { ok: false, error: err };
      } finally {
        setPending(false);
      }
    },
    [],
  );
  return { run, isPending: pending, error, isError: Boolean(error) };
}
