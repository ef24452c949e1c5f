import type { FieldDb } from './field-db';
import { type OutboxAction, type OutboxEntry, resultOfStatus, type Transport } from './outbox';

const job = (id: string) => `/api/field/jobs/${encodeURIComponent(id)}`;

/** Where each action goes (the contract's endpoints, issue 26). */
export function requestPath(action: OutboxAction): { method: 'POST' | 'PUT'; path: string } {
  switch (action.kind) {
    case 'on_my_way':
      return { method: 'POST', path: `${job(action.jobId)}/on-my-way` };
    case 'check_in':
      return { method: 'POST', path: `${job(action.jobId)}/check-in` };
    case 'check_out':
      return { method: 'POST', path: `${job(action.jobId)}/check-out` };
    case 'complete':
      return { method: 'POST', path: `${job(action.jobId)}/complete` };
    case 'note':
      return { method: 'POST', path: `${job(action.jobId)}/notes` };
    case 'material':
      return { method: 'POST', path: `${job(action.jobId)}/materials` };
    case 'checklist':
      return { method: 'PUT', path: `${job(action.jobId)}/checklist/${encodeURIComponent(action.itemId)}` };
    case 'photo':
      return { method: 'POST', path: `${job(action.jobId)}/photos` };
    case 'clock_in':
      return { method: 'POST', path: '/api/field/shift/clock-in' };
    case 'clock_out':
      return { method: 'POST', path: '/api/field/shift/clock-out' };
  }
}

/** A photo leaves as multipart form data; its bytes come out of IndexedDB only now, one photo at a time. */
async function bodyOf(db: FieldDb, entry: OutboxEntry): Promise<{ body: BodyInit; json: boolean }> {
  const { action } = entry;
  if (action.kind !== 'photo') return { body: JSON.stringify(action.body), json: true };
  const photo = await db.photos.get(action.photoId);
  if (!photo) throw new Error('The photo is no longer on this phone');
  const form = new FormData();
  form.set('kind', action.body.kind);
  form.set('deviceTime', action.body.deviceTime);
  form.set('file', new Blob([photo.bytes], { type: photo.type }), `${action.body.kind}-${photo.id}.jpg`);
  return { body: form, json: false };
}

/** Sends an entry with its Idempotency-Key; a request that never got an answer throws (the outbox retries it). */
export function httpTransport(db: FieldDb): Transport {
  return async (entry) => {
    const { method, path } = requestPath(entry.action);
    const { body, json } = await bodyOf(db, entry);
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'Idempotency-Key': entry.key, ...(json ? { 'content-type': 'application/json' } : {}) },
      body,
    });
    return resultOfStatus(res.status, await res.json().catch(() => null));
  };
}
