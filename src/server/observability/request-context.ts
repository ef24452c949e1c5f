import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id of whatever this code runs for: an HTTP request (taken from a valid X-Request-Id or generated), or a
 * job sent while handling one (jobs/queue.ts carries it). Logs, jobs and outgoing provider calls read it from here.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** An id a client or proxy may hand us: short and plain, so it is safe in a log line and a header. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID_ID.test(value) ? value : randomUUID();
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Headers for an outgoing provider call: the request id, when there is one, so the provider's logs meet ours. */
export function requestIdHeaders(): Record<string, string> {
  const id = currentRequestId();
  return id ? { 'X-Request-Id': id } : {};
}
