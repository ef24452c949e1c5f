import type { FieldJob, FieldJobList, ShiftState } from '../../shared/field';
import { ApiError } from '../lib/api-fetch';

// The technician's field API (issue 26; the contract's shapes in src/shared/field.ts). Plain fetch, not the typed
// client: the field app's first load stays small (≤ 120 KB gzipped) and the outbox builds its own writes
// (features/field/offline). A failed fetch (no network) throws a TypeError the callers read as "offline".

const readRequest = (path: string) =>
  fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });

/** Reads the page's entry started before the app's code arrived, each taken once by the first read of its path. */
const early = new Map<string, Promise<Response>>();

const jobsPath = (from: string, to: string) => `/api/field/jobs?from=${from}&to=${to}`;
const SHIFT_PATH = '/api/field/shift';

/**
 * Asks for Today's reads (the week's jobs and the shift) as the page starts: they travel while the app's code
 * downloads and runs, instead of after it. A read that fails (no network) fails where it is taken, as any read.
 */
export function startFieldReads(from: string, to: string) {
  for (const path of [jobsPath(from, to), SHIFT_PATH]) {
    const res = readRequest(path);
    res.catch(() => undefined);
    early.set(path, res);
  }
}

function takeEarly(path: string) {
  const res = early.get(path);
  early.delete(path);
  return res;
}

async function read<T>(path: string): Promise<T> {
  const res = await (takeEarly(path) ?? readRequest(path));
  const body = (await res.json().catch(() => null)) as (T & { error?: string | { message?: string } }) | null;
  if (!res.ok) {
    const error = body?.error;
    throw new ApiError(
      res.status,
      (typeof error === 'string' ? error : error?.message) ?? `Request failed (${res.status})`,
    );
  }
  return body as T;
}

/** The signed-in technician's jobs from one calendar date to another (both YYYY-MM-DD, business zone), by start. */
export const fetchFieldJobs = async (from: string, to: string) =>
  (await read<FieldJobList>(jobsPath(from, to))).items;

export const fetchFieldJob = (id: string) => read<FieldJob>(`/api/field/jobs/${encodeURIComponent(id)}`);

export const fetchShift = () => read<ShiftState>(SHIFT_PATH);

/** Ends the session (better-auth's sign-out) without loading the auth client into the field app. */
export async function signOutOfField() {
  await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}
