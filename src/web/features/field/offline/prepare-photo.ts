// The field app's way in to the photo downscale (docs/decisions/1300): in a worker where the browser can draw there
// (OffscreenCanvas), so the screen stays responsive while a 12 MP photo is made small; in the page where it cannot, or
// when the worker fails to start (an old cached shell, a browser without module workers).
import { downscalePhoto, type StoredPhoto } from './downscale';
import type { DownscaleReply, DownscaleRequest } from './downscale.worker';

/** A worker is let go after this long without a photo: its decoder's memory is not kept for the day. */
const IDLE_MS = 30_000;

let worker: Worker | null = null;
let workerBroken = false;
let idle: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const waiting = new Map<number, { resolve: (p: StoredPhoto) => void; reject: (e: Error) => void }>();

export function canUseWorker(): boolean {
  return !workerBroken && typeof Worker === 'function' && typeof OffscreenCanvas === 'function';
}

function failAll(error: Error) {
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
}

function startWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./downscale.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = ({ data }: MessageEvent<DownscaleReply>) => {
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    if (data.ok) entry.resolve(data.photo);
    else entry.reject(new Error(data.message));
  };
  w.onerror = (event) => {
    event.preventDefault();
    workerBroken = true;
    w.terminate();
    worker = null;
    failAll(new Error('worker unavailable'));
  };
  worker = w;
  return w;
}

function inWorker(file: Blob): Promise<StoredPhoto> {
  clearTimeout(idle);
  const w = startWorker();
  const id = nextId++;
  return new Promise<StoredPhoto>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, file } satisfies DownscaleRequest);
  }).finally(() => {
    if (waiting.size === 0) {
      clearTimeout(idle);
      idle = setTimeout(() => {
        worker?.terminate();
        worker = null;
      }, IDLE_MS);
    }
  });
}

/** A photo from the camera or library, ready to store: ≤ 2048 px, ≤ 600 KB, upright. */
export async function preparePhoto(file: Blob): Promise<StoredPhoto> {
  if (canUseWorker()) {
    try {
      return await inWorker(file);
    } catch {
      // The worker could not do it (not started, or no canvas there): the page does it.
    }
  }
  return downscalePhoto(file);
}
