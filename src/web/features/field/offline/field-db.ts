import Dexie, { type Table } from 'dexie';
import type { FieldJob } from '../../../../shared/field';
import type { OutboxEntry, OutboxStore } from './outbox';

/** A job as the phone keeps it: the server's copy, and what the office changed while the phone was away. */
export interface LocalJob extends FieldJob {
  /** Set when a queued action came back "not applied": the office cancelled or reassigned the job. */
  conflict?: 'cancelled' | 'reassigned';
  /** When the phone last read this job from the server. */
  savedAt: string;
  /** When the answer to a sent action was last put into this copy: a read asked before then is older than it. */
  appliedAt?: string;
}

/** A downscaled photo waiting to be uploaded: bytes as an ArrayBuffer (Safari cannot store Blobs in IndexedDB). */
export interface LocalPhoto {
  id: string;
  jobId: string;
  kind: 'before' | 'after';
  bytes: ArrayBuffer;
  type: string;
  width: number;
  height: number;
}

/** The field app's IndexedDB (docs/decisions/1176): the next 7 days of jobs, the outbox and the photos it sends. */
export class FieldDb extends Dexie {
  jobs!: Table<LocalJob, string>;
  outbox!: Table<OutboxEntry, number>;
  photos!: Table<LocalPhoto, string>;

  constructor(name = 'shineroute-field', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({ jobs: 'id, startsAt', outbox: '++seq, &key, jobId', photos: 'id, jobId' });
  }
}

/** The outbox's store over IndexedDB: a sent photo's entry and its bytes leave in one transaction. */
export function dexieOutboxStore(db: FieldDb): OutboxStore {
  return {
    async add(entry) {
      const seq = await db.outbox.add(entry as OutboxEntry);
      return { ...entry, seq } as OutboxEntry;
    },
    all: () => db.outbox.orderBy('seq').toArray(),
    async update(seq, patch) {
      await db.outbox.update(seq, patch);
    },
    remove: (entry) =>
      db.transaction('rw', db.outbox, db.photos, async () => {
        await db.outbox.delete(entry.seq);
        if (entry.action.kind === 'photo') await db.photos.delete(entry.action.photoId);
      }),
  };
}
