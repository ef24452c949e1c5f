import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth runs its endpoints inside AsyncLocalStorage instances it keeps on a global. On Node 20 an enabled
 * AsyncLocalStorage turns on async hooks for every promise of the process, and one `run()` leaves them on for good:
 * after the first sign-in, /api/health and the zip check paid for them too (docs/decisions/0920). Every call into
 * better-auth goes through `inAuthScope`; when the last one in flight ends, its storages are disabled, so the hooks
 * are on only while some better-auth work is running. better-auth's next `run()` enables them again.
 */
let inFlight = 0;

function authStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for('better-auth:global')
  ];
  return Object.values(global?.context ?? {}).filter(
    (v): v is AsyncLocalStorage<unknown> => v instanceof AsyncLocalStorage,
  );
}

export async function inAuthScope<T>(fn: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await fn();
  } finally {
    if (--inFlight === 0) for (const storage of authStorages()) storage.disable();
  }
}

/** How many better-auth calls are running, and whether any of its storages is on (for tests). */
export function authScopeState() {
  return {
    inFlight,
    storagesEnabled: authStorages().filter((s) => (s as unknown as { enabled?: boolean }).enabled).length,
  };
}

/** The auth object with its handler and every `api` endpoint run in `inAuthScope`. */
export function scopedAuth<A extends { api: object; handler: (request: Request) => Promise<Response> }>(
  auth: A,
): A {
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const wrapped = (...args: unknown[]) =>
        inAuthScope(() => Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)));
      // Endpoints carry properties (path, options) some callers read.
      return Object.assign(wrapped, value);
    },
  });
  return { ...auth, api, handler: (request: Request) => inAuthScope(() => auth.handler(request)) };
}
