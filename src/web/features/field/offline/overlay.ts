import type { FieldEvent } from '../../../../shared/field';
import type { LocalJob } from './field-db';
import type { OutboxEntry } from './outbox';

/** A job as the technician sees it: the last copy from the server with their unsent actions applied on top. */
export interface JobView extends LocalJob {
  /** Events not yet on the server, shown in the history as "waiting to sync". */
  pendingEvents: Array<Pick<FieldEvent, 'kind' | 'at' | 'etaMinutes' | 'accuracyM'>>;
  pendingPhotos: Array<{ id: string; kind: 'before' | 'after' }>;
  /** Actions the server refused (shown as not saved, with its reason). */
  notSaved: OutboxEntry[];
  pendingCount: number;
}

const YOU = { id: 'you', name: 'You' };

/** Applies the unsent actions of one job, in the order they were taken (the server will apply them the same way). */
export function jobView(job: LocalJob, entries: readonly OutboxEntry[]): JobView {
  const view: JobView = {
    ...job,
    checklist: [...job.checklist],
    notes: [...job.notes],
    materials: [...job.materials],
    pendingEvents: [],
    pendingPhotos: [],
    notSaved: [],
    pendingCount: 0,
  };
  for (const entry of entries) {
    const { action } = entry;
    if (action.jobId !== job.id) continue;
    if (entry.failed) {
      view.notSaved.push(entry);
      continue;
    }
    view.pendingCount++;
    const at = action.body.deviceTime;
    // A job the office overtook keeps its server status: the actions become notes there, not status changes.
    const live = !job.conflict && job.status !== 'cancelled';
    switch (action.kind) {
      case 'on_my_way':
        view.pendingEvents.push({ kind: 'on_my_way', at, etaMinutes: action.body.etaMinutes });
        break;
      case 'check_in':
        // A pending job waits for the office's confirmation: checking in records the arrival only (decision 1243).
        if (live && view.status === 'confirmed') view.status = 'in_progress';
        view.pendingEvents.push({ kind: 'check_in', at, accuracyM: action.body.accuracyM });
        break;
      case 'complete':
        if (live && view.status === 'in_progress') view.status = 'completed';
        view.signature = {
          url: `data:image/png;base64,${action.body.signature.pngBase64}`,
          signerName: action.body.signature.signerName,
          signedAt: at,
        };
        view.pendingEvents.push({ kind: 'completed', at });
        break;
      case 'check_out':
        view.pendingEvents.push({ kind: 'check_out', at });
        break;
      case 'note':
        view.notes.push({ id: entry.key, text: action.body.text, at, by: YOU });
        break;
      case 'material': {
        const known = job.materials.find((m) => m.itemId === action.body.itemId);
        view.materials.push({
          itemId: action.body.itemId,
          name: known?.name ?? 'Item',
          quantity: action.body.quantity,
          unit: known?.unit ?? '',
        });
        break;
      }
      case 'checklist':
        view.checklist = view.checklist.map((item) =>
          item.id === action.itemId && (item.vehiclePosition ?? 0) === (action.body.vehiclePosition ?? 0)
            ? { ...item, done: action.body.done, doneAt: at }
            : item,
        );
        break;
      case 'photo':
        view.pendingPhotos.push({ id: action.photoId, kind: action.body.kind });
        break;
    }
  }
  return view;
}

/** The field events of a job, sent and pending, in the order they happened on the phone. */
export function timeline(view: JobView) {
  return [
    ...view.events.map((e) => ({ ...e, pending: false })),
    ...view.pendingEvents.map((e) => ({ ...e, pending: true })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}
