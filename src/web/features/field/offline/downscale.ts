// Photos are made small on the phone before they are stored (issue 26, docs/decisions/1300): at most 2048 px on the
// long side, JPEG, 600 KB or less — and no canvas ever exceeds 16.7 million pixels (iOS draws larger canvases black).
//
// The fast path: the file's first bytes give its size, EXIF orientation and saved quality (jpeg-header.ts); the
// browser's own decoder is asked for the upright picture at the stored size in one call (createImageBitmap with
// resizeWidth/resizeHeight), so no full-resolution bitmap or canvas is ever made in script; one JPEG encode at a quality
// chosen to land under 600 KB, a second only when the first came out over. It runs in a worker where the browser has
// OffscreenCanvas there (prepare-photo.ts), in the page otherwise — this module works in both.
import { JPEG_HEADER_BYTES, readJpegInfo, uprightSize } from './jpeg-header';

export const MAX_SIDE = 2048;
export const MAX_CANVAS_PIXELS = 16_777_216;
export const TARGET_BYTES = 600 * 1024;
/** The first encode aims this far under the budget, the second (when the first was over) too. */
export const AIM = 0.9;
export const MAX_QUALITY = 0.85;
export const MIN_QUALITY = 0.4;
/** The quality assumed for a camera file whose tables say nothing (phones save at 0.9–0.95). */
export const ASSUMED_CAMERA_QUALITY = 0.92;
/**
 * How much denser a photo's detail is once brought down to 2048 px, per pixel, than the camera's full frame was: more
 * than 1 (each stored pixel averages several of the camera's), on the safe side so one encode is usually enough.
 */
export const DETAIL_GAIN = 1.15;

/** The stored size: the long side brought down to 2048 px (never up), the canvas under iOS's limit. */
export function targetSize(width: number, height: number): { width: number; height: number } {
  let scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const pixels = width * height * scale * scale;
  if (pixels > MAX_CANVAS_PIXELS) scale *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

// A JPEG's size at quality q relative to its size at 0.8, the same picture (measured on Chromium's encoder, libjpeg's
// IJG scale, on camera-like pictures from smooth to noisy): steep above 0.9, near linear below 0.8.
const SIZE_CURVE: ReadonlyArray<readonly [number, number]> = [
  [0.3, 0.28],
  [0.4, 0.36],
  [0.5, 0.45],
  [0.6, 0.57],
  [0.65, 0.65],
  [0.7, 0.73],
  [0.75, 0.84],
  [0.8, 1],
  [0.85, 1.24],
  [0.9, 1.65],
  [0.95, 2.5],
  [1, 4],
];

/** Relative JPEG size at quality q (1 at 0.8), interpolated on the measured curve. */
export function relativeSize(q: number): number {
  const c = SIZE_CURVE;
  if (q <= c[0]![0]) return c[0]![1];
  for (let i = 1; i < c.length; i++) {
    const [q1, s1] = c[i]!;
    const [q0, s0] = c[i - 1]!;
    if (q <= q1) return s0 + ((s1 - s0) * (q - q0)) / (q1 - q0);
  }
  return c.at(-1)![1];
}

/** The highest quality (in 0.01 steps, within MIN–MAX) whose relative size is at most the one given. */
function qualityForRelativeSize(relative: number): number {
  for (let q = Math.round(MAX_QUALITY * 100); q >= Math.round(MIN_QUALITY * 100); q--) {
    if (relativeSize(q / 100) <= relative) return q / 100;
  }
  return MIN_QUALITY;
}

/**
 * The first encode's quality, from what the camera's file says of the picture: its bytes per pixel at its own quality,
 * carried to the stored size and brought to the budget.
 */
export function firstQuality(input: {
  bytes: number;
  width: number;
  height: number;
  quality: number | null;
  outWidth: number;
  outHeight: number;
}): number {
  const inPerPixel = input.bytes / (input.width * input.height);
  const perPixelAt08 = (inPerPixel / relativeSize(input.quality ?? ASSUMED_CAMERA_QUALITY)) * DETAIL_GAIN;
  const predictedAt08 = perPixelAt08 * input.outWidth * input.outHeight;
  return qualityForRelativeSize((TARGET_BYTES * AIM) / predictedAt08);
}

/** After an encode came out over the budget: the quality that brings this very picture under it, or null if none. */
export function nextQuality(previous: number, bytes: number): number | null {
  if (bytes <= TARGET_BYTES) return null;
  if (previous <= MIN_QUALITY) return null;
  const q = qualityForRelativeSize((relativeSize(previous) * TARGET_BYTES * AIM) / bytes);
  return Math.min(q, Math.round((previous - 0.05) * 100) / 100);
}

export interface StoredPhoto {
  bytes: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
}

/** The steps a photo took, for the benchmark and the tests. */
export interface DownscaleTrace {
  path: 'header' | 'decode';
  qualities: number[];
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  return Object.assign(document.createElement('canvas'), { width, height });
}

/** Decodes upright at the stored size, encodes once (twice if over 600 KB) and returns the bytes to store. */
export async function downscalePhoto(file: Blob, trace?: DownscaleTrace): Promise<StoredPhoto> {
  const info = readJpegInfo(new Uint8Array(await file.slice(0, JPEG_HEADER_BYTES).arrayBuffer()));
  let bitmap: ImageBitmap;
  let width: number;
  let height: number;
  if (info) {
    // Its size known from its header: the decoder makes the upright, downscaled picture straight away.
    const upright = uprightSize(info);
    ({ width, height } = targetSize(upright.width, upright.height));
    bitmap = await createImageBitmap(file, {
      imageOrientation: 'from-image',
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'medium',
    });
  } else {
    // Not a JPEG (PNG, HEIC a browser can read…): decoded first, then scaled by the browser — still no big canvas.
    const decoded = await createImageBitmap(file, { imageOrientation: 'from-image' });
    ({ width, height } = targetSize(decoded.width, decoded.height));
    bitmap =
      width === decoded.width && height === decoded.height
        ? decoded
        : await createImageBitmap(decoded, {
            resizeWidth: width,
            resizeHeight: height,
            resizeQuality: 'medium',
          });
    if (bitmap !== decoded) decoded.close();
  }
  if (trace) trace.path = info ? 'header' : 'decode';
  const canvas = makeCanvas(width, height);
  const context = canvas.getContext('2d') as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error('This phone cannot prepare photos');
  // Drawn at the stored size whatever the bitmap's: a browser that ignores the resize options still stores ≤ 2048 px.
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let quality: number | null = firstQuality({
    bytes: file.size,
    width: info?.width ?? width,
    height: info?.height ?? height,
    quality: info?.quality ?? null,
    outWidth: width,
    outHeight: height,
  });
  let blob: Blob | null = null;
  while (quality !== null) {
    trace?.qualities.push(quality);
    blob = await encode(canvas, quality);
    quality = nextQuality(quality, blob.size);
  }
  if (typeof HTMLCanvasElement === 'function' && canvas instanceof HTMLCanvasElement) {
    // Release the page canvas's pixels now (Safari counts them against a total until collected).
    canvas.width = 0;
    canvas.height = 0;
  }
  return { bytes: await blob!.arrayBuffer(), type: 'image/jpeg', width, height };
}

function encode(canvas: Canvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('Could not encode the photo'))),
      'image/jpeg',
      quality,
    ),
  );
}
