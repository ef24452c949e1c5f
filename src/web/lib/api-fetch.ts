// Reading the API's answers (the typed client's calls, or `endpoint` where the client's code is not wanted). Kept
// apart from the client (./api.ts) so that a public island's first load carries no hono (docs/decisions/0912).

type Reply = { ok: boolean; status: number; json(): Promise<unknown> };

/**
 * One endpoint with the typed client's arguments and answer type (`endpoint<typeof api.api.x.$get>('GET', '/api/x')`)
 * but without the client's code: for the public islands' first load (docs/decisions/0912). Sends `query` and `json`
 * as the client does.
 */
export function endpoint<F extends (args: never) => Promise<Reply>>(method: 'GET' | 'POST', path: string): F {
  const call = (args: { query?: Record<string, string | undefined>; json?: unknown } = {}) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(args.query ?? {}))
      if (value !== undefined) query.set(key, value);
    const search = query.toString();
    return fetch(search ? `${path}?${search}` : path, {
      method,
      credentials: 'same-origin',
      ...(args.json === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(args.json) }),
    });
  };
  return call as unknown as F;
}
/** The body type of the successful (2xx) responses of a typed client call. */
type SuccessBody<R> = R extends { ok: true; json(): Promise<infer B> } ? B : never;

async function failure(res: Reply): Promise<never> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new ApiError(res.status, body?.error?.message ?? `Request failed (${res.status})`);
}

/** Reads a JSON body, throwing the server's `{ error: { message } }` as an ApiError. */
export async function unwrap<R extends Reply>(response: Promise<R>): Promise<SuccessBody<R>> {
  const res = await response;
  if (!res.ok) return failure(res);
  return (await res.json()) as SuccessBody<R>;
}

/** For the API's 204 answers (every DELETE): nothing to read on success; a failure carries the server's message. */
export async function noContent(response: Promise<Reply>): Promise<void> {
  const res = await response;
  if (!res.ok) return failure(res);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
