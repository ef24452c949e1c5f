import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { calendarDateInZone } from '../../../shared/date-labels';
import type { ShiftState } from '../../../shared/field';
import { fetchFieldJob, fetchFieldJobs, fetchShift } from '../../api/field';
import { ApiError } from '../../lib/api-fetch';
import { fieldKeys } from '../../lib/field-keys';
import { fieldRange, ZONE_KEY } from './field-range';
import type { LocalJob } from './offline/field-db';
import { fieldDb, outbox } from './offline/field-sync';
import { jobView } from './offline/overlay';

export const jobDate = (job: { startsAt: string; timeZone: string }) =>
  calendarDateInZone(job.startsAt, job.timeZone);

/** Reading failed because there is no network (or the server is down): the phone's copy answers instead. */
const offline = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

/**
 * The phone's copy took a sent action's answer after the read was asked: the read is older than what the screen shows
 * (it would undo a check-in or a photo until the next read), so the copy stays; the read after the sync refreshes it.
 */
const newerHere = (kept: LocalJob | undefined, askedAt: string) =>
  kept?.appliedAt !== undefined && kept.appliedAt >= askedAt;

/**
 * The next 7 days of jobs: from the server when it answers (and then kept in IndexedDB), else from IndexedDB. A job
 * the server no longer lists is forgotten, unless the office overtook it while the phone was away: that one stays,
 * marked, until the technician has seen it.
 */
async function loadJobs(from: string, to: string): Promise<LocalJob[]> {
  const askedAt = new Date().toISOString();
  try {
    const fresh = await fetchFieldJobs(from, to);
    if (fresh[0]) localStorage.setItem(ZONE_KEY, fresh[0].timeZone);
    const savedAt = new Date().toISOString();
    await fieldDb.transaction('rw', fieldDb.jobs, async () => {
      const kept = await fieldDb.jobs.toArray();
      const ids = new Set(fresh.map((j) => j.id));
      const gone = kept.filter((j) => !ids.has(j.id) && !j.conflict).map((j) => j.id);
      await fieldDb.jobs.bulkDelete(gone);
      const byId = new Map(kept.map((j) => [j.id, j]));
      await fieldDb.jobs.bulkPut(
        fresh
          .filter((j) => !newerHere(byId.get(j.id), askedAt))
          .map((j) => ({ ...j, conflict: byId.get(j.id)?.conflict, savedAt })),
      );
    });
  } catch (error) {
    if (!offline(error)) throw error;
  }
  // In the order the technician drives: an applied route plan's arrival (the owner's own order may put a later booked
  // time first), the booked time otherwise — as the server orders them.
  const jobs = await fieldDb.jobs.orderBy('startsAt').toArray();
  const visitAt = (job: LocalJob) => job.arrivalAt ?? job.startsAt;
  return jobs.sort((a, b) => visitAt(a).localeCompare(visitAt(b)));
}

async function loadJob(id: string): Promise<LocalJob | null> {
  const askedAt = new Date().toISOString();
  try {
    const fresh = await fetchFieldJob(id);
    const kept = await fieldDb.jobs.get(id);
    if (kept && newerHere(kept, askedAt)) return kept;
    const job = { ...fresh, conflict: kept?.conflict, savedAt: new Date().toISOString() };
    await fieldDb.jobs.put(job);
    return job;
  } catch (error) {
    // Not found: reassigned or another's — the phone's copy (if any) says what the technician did on it.
    if (!offline(error) && !(error instanceof ApiError && error.status === 404)) throw error;
    return (await fieldDb.jobs.get(id)) ?? null;
  }
}

/** The outbox as the screens read it (refreshed on every change, see field-sync.ts). */
const outboxQuery = {
  queryKey: fieldKeys.outbox,
  queryFn: () => outbox.entries(),
  staleTime: Number.POSITIVE_INFINITY,
} as const;

export function useOutboxEntries() {
  return useQuery(outboxQuery);
}

const SHIFT_KEY = 'shineroute-field-shift';

/** The shift as the server last said, kept for a day without signal. */
async function loadShift(): Promise<ShiftState | null> {
  try {
    const shift = await fetchShift();
    localStorage.setItem(SHIFT_KEY, JSON.stringify(shift));
    return shift;
  } catch {
    const kept = localStorage.getItem(SHIFT_KEY);
    return kept ? (JSON.parse(kept) as ShiftState) : null;
  }
}

/** Today's shift (clock in and out); it runs with no network too, from the phone's last copy. */
export const fieldShiftQuery = {
  queryKey: fieldKeys.shift,
  queryFn: loadShift,
  networkMode: 'always',
} as const;

export function usePendingCount() {
  const entries = useOutboxEntries().data ?? [];
  return entries.filter((e) => !e.failed).length;
}

function fieldJobsQuery() {
  const { from, to } = fieldRange();
  return {
    queryKey: fieldKeys.jobs(from, to),
    queryFn: () => loadJobs(from, to),
    // Runs with no network too: IndexedDB answers then.
    networkMode: 'always',
    staleTime: 30_000,
  } as const;
}

/**
 * Asked for as the app starts, before its first render: Today's reads (the week's jobs, the outbox, the shift) are
 * on their way (and the phone's database opening), so Today is drawn once, with its list (the first load's LCP), not
 * as a skeleton first and again as each read comes back (docs/decisions/1330). Resolves when all three have answered.
 */
export function prefetchFieldJobs(client: QueryClient) {
  void fieldDb.open().catch(() => undefined);
  return Promise.all([
    client.prefetchQuery(fieldJobsQuery()),
    client.prefetchQuery(outboxQuery),
    client.prefetchQuery(fieldShiftQuery),
  ]).then(() => undefined);
}
/** The week's jobs with the unsent actions applied. */
export function useFieldJobs() {
  const jobs = useQuery(fieldJobsQuery());
  const entries = useOutboxEntries().data;
  const views = useMemo(
    () => (jobs.data ?? []).map((job) => jobView(job, entries ?? [])),
    [jobs.data, entries],
  );
  return { ...jobs, views };
}

export function useFieldJob(id: string) {
  const job = useQuery({
    queryKey: fieldKeys.job(id),
    queryFn: () => loadJob(id),
    networkMode: 'always',
    staleTime: 30_000,
  });
  const entries = useOutboxEntries().data;
  const view = useMemo(() => (job.data ? jobView(job.data, entries ?? []) : null), [job.data, entries]);
  return { ...job, view };
}
