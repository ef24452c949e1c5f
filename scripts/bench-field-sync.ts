// The field app's sync after reconnecting (issue 26): "20 queued actions and 10 photos sync in under 10 s on this
// machine". The demo technician's outbox is replayed through the HTTP API as the field app sends it: one request at a
// time, each with its Idempotency-Key, the photos (~1 MB camera JPEGs) one by one as multipart uploads.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { verdict } from './bench-field';

const GOAL_MS = 10_000;

/** A ~1 MB JPEG: camera noise compresses like a real photo, unlike a flat colour. */
async function cameraJpeg(seed: number) {
  const width = 1600;
  const height = 1200;
  const pixels = randomBytes(width * height * 3);
  pixels[0] = seed % 256;
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .blur(0.6)
      .jpeg({ quality: 88 })
      .toBuffer(),
  );
}

export async function fieldSyncFigures(
  url: string,
  origin: string,
  cookie: string,
  report: (line: string) => void,
) {
  const headers = { cookie, origin };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const list = await fetch(`${url}/api/field/jobs?from=${day(-1)}&to=${day(2)}`, { headers });
  if (!list.ok) throw new Error(`field jobs: ${list.status} ${await list.text()}`);
  const jobs = ((await list.json()) as { items: Array<{ id: string; checklist: Array<{ id: string }> }> })
    .items;
  const job = jobs[0];
  if (!job) throw new Error('the demo technician has no jobs');
  const photos = await Promise.all(Array.from({ length: 10 }, (_, i) => cameraJpeg(i)));
  const photoBytes = photos.reduce((n, p) => n + p.byteLength, 0);

  // The queue as the phone wrote it while offline: 20 actions, then 10 photos.
  const at = () => new Date().toISOString();
  const actions: Array<{ method: string; path: string; body: unknown }> = [
    { method: 'POST', path: 'on-my-way', body: { deviceTime: at(), etaMinutes: 12 } },
    {
      method: 'POST',
      path: 'check-in',
      body: { deviceTime: at(), lat: 30.2672, lng: -97.7431, accuracyM: 9 },
    },
  ];
  for (const item of job.checklist)
    actions.push({ method: 'PUT', path: `checklist/${item.id}`, body: { deviceTime: at(), done: true } });
  while (actions.length < 20)
    actions.push({
      method: 'POST',
      path: 'notes',
      body: { deviceTime: at(), text: `Note ${actions.length}` },
    });
  actions.length = 20;

  const started = performance.now();
  const statuses: number[] = [];
  for (const a of actions) {
    const res = await fetch(`${url}/api/field/jobs/${job.id}/${a.path}`, {
      method: a.method,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(a.body),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  const actionsDone = performance.now();
  const photoTimes: number[] = [];
  for (const [i, bytes] of photos.entries()) {
    const form = new FormData();
    form.set('kind', i < 5 ? 'before' : 'after');
    form.set('deviceTime', at());
    form.set('file', new File([Buffer.from(bytes)], `photo-${i}.jpg`, { type: 'image/jpeg' }));
    const t0 = performance.now();
    const res = await fetch(`${url}/api/field/jobs/${job.id}/photos`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: form,
    });
    await res.arrayBuffer();
    photoTimes.push(performance.now() - t0);
    statuses.push(res.status);
  }
  const total = performance.now() - started;
  const failed = statuses.filter((s) => s !== 200).length;
  const median = [...photoTimes].sort((a, b) => a - b)[Math.floor(photoTimes.length / 2)]!;
  report('Field sync after reconnecting (20 actions + 10 photos, one request at a time over HTTP)');
  report(
    `  20 actions in ${(actionsDone - started).toFixed(0)} ms; 10 photos (${(photoBytes / 1024 / 1024).toFixed(1)} MB, ` +
      `median ${median.toFixed(0)} ms each, thumbnail included) in ${(total - (actionsDone - started)).toFixed(0)} ms`,
  );
  report(
    `  total ${(total / 1000).toFixed(2)} s — goal < ${GOAL_MS / 1000} s: ${verdict(total < GOAL_MS && failed === 0)}` +
      `${failed ? ` (${failed} requests failed: ${[...new Set(statuses)].join(', ')})` : ''}`,
  );
}
