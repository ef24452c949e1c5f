import { fieldKeys } from '../../../lib/field-keys';
import { fieldQueryClient as queryClient } from '../field-query-client';
import { applySent } from './apply-sent';
import { dexieOutboxStore, FieldDb, type LocalJob } from './field-db';
import { httpTransport } from './http-transport';
import { createOutbox, type FlushReport, type OutboxAction } from './outbox';

// The phone's one outbox and the moments it is flushed (issue 26, docs/decisions/1176): when the app starts, when
// the browser says it is online, when the app comes back to the foreground, and on Sync now. Not Background Sync: it
// is absent in Safari and its replays are lost in some Chromium versions.

export const fieldDb = new FieldDb();

const onChange = () => {
  void queryClient.invalidateQueries({ queryKey: fieldKeys.outbox });
};

/**
 * The screens read jobs through the query cache: the sent action's answer goes there too before the entry leaves the
 * outbox, or the job would show its state from before the action until the next read comes back.
 */
async function showApplied(jobId: string | null | undefined) {
  if (!jobId) return;
  const job = await fieldDb.jobs.get(jobId);
  if (!job) return;
  queryClient.setQueryData<LocalJob | null>(fieldKeys.job(jobId), (old) => (old ? job : old));
  queryClient.setQueriesData<LocalJob[]>({ queryKey: fieldKeys.allJobs }, (old) =>
    old?.map((j) => (j.id === jobId ? job : j)),
  );
}

export const outbox = createOutbox({
  store: dexieOutboxStore(fieldDb),
  transport: httpTransport(fieldDb),
  onSent: async (entry, body) => {
    await applySent(fieldDb, entry, body);
    await showApplied(entry.action.jobId);
  },
  onChange,
});

/** Writes the action to the outbox (the screen shows it at once), then tries to send it. */
export async function act(action: OutboxAction) {
  const entry = await outbox.enqueue(action);
  void syncNow();
  return entry;
}

/**
 * One flush at a time across the app's tabs (Web Locks where the browser has them). After something was sent, the
 * jobs are read again: the office's changes (a cancelled job) show.
 */
export async function syncNow(): Promise<FlushReport> {
  const flush = () => outbox.flush();
  const report = navigator.locks
    ? await navigator.locks.request('shineroute-field-outbox', flush)
    : await flush();
  if (report.sent > 0) await queryClient.invalidateQueries({ queryKey: fieldKeys.all });
  return report;
}

let started = false;

/** Starts the flushing moments once per page; asks the browser to keep the phone's data (Safari evicts it otherwise). */
export function startFieldSync() {
  if (started) return;
  started = true;
  void navigator.storage?.persist?.().catch(() => false);
  window.addEventListener('online', () => void syncNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow();
  });
  void syncNow();
}

/** Forgets everything of this phone's technician (at sign-out). */
export async function clearFieldData() {
  await fieldDb.transaction('rw', fieldDb.jobs, fieldDb.outbox, fieldDb.photos, async () => {
    await Promise.all([fieldDb.jobs.clear(), fieldDb.outbox.clear(), fieldDb.photos.clear()]);
  });
}
