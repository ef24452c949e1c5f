import { hc } from 'hono/client';
import type { AppType } from '../../server/app';

/** The typed API client: a renamed field on the server breaks the typecheck here. */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } });

type Reply = { ok: boolean; status: number; json(): Promise<unknown> };
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
