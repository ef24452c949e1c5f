import type { FieldEvent, FieldMaterial, FieldNote, FieldPhoto } from '../../../../shared/field';
import type { FieldDb, LocalJob } from './field-db';
import type { OutboxEntry } from './outbox';

type Answer = {
  applied?: boolean;
  reason?: 'cancelled' | 'reassigned';
  status?: LocalJob['status'];
  event?: FieldEvent;
  note?: FieldNote;
  material?: FieldMaterial;
  item?: LocalJob['checklist'][number];
} & Partial<FieldPhoto>;

/**
 * Puts the server's answer to a sent action into the phone's copy of the job, so the screen does not flicker between
 * the pending state and the next read. A write the office overtook (cancelled, reassigned) marks the job: the screen
 * says so, and the server kept the action's content as a note (issue 26's conflict rule).
 */
export async function applySent(db: FieldDb, entry: OutboxEntry, body: unknown) {
  const { action } = entry;
  if (!action.jobId) return;
  const answer = (body ?? {}) as Answer;
  const jobId = action.jobId;
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId);
    if (!job) return;
    if (answer.applied === false) {
      await db.jobs.update(jobId, { conflict: answer.reason ?? 'reassigned' });
      return;
    }
    const next: Partial<LocalJob> = { appliedAt: new Date().toISOString() };
    if (answer.status) next.status = answer.status;
    if (answer.event) next.events = [...job.events, answer.event];
    if (answer.note) next.notes = [...job.notes, answer.note];
    if (answer.material) next.materials = [...job.materials, answer.material];
    if (answer.item) {
      const item = answer.item;
      // The item keeps its heading: the answer carries the tick of one vehicle's item (decision 1344), not where the
      // item is listed.
      next.checklist = job.checklist.map((i) =>
        i.id === item.id && (i.vehiclePosition ?? 0) === (item.vehiclePosition ?? 0)
          ? { ...item, ...(i.section && { section: i.section }) }
          : i,
      );
    }
    if (action.kind === 'photo' && answer.id && answer.url) {
      const { applied: _applied, ...photo } = answer as FieldPhoto & { applied?: boolean };
      next.photos = [...job.photos, photo];
    }
    await db.jobs.update(jobId, next);
  });
}
