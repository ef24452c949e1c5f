// Photos are made small on the phone before they are stored (issue 26): at most 2048 px on the long side, JPEG, about
// 600 KB or less — and the canvas never exceeds 16.7 million pixels (iOS draws larger canvases black).

export const MAX_SIDE = 2048;
export const MAX_CANVAS_PIXELS = 16_777_216;
export const TARGET_BYTES = 600 * 1024;

/** The stored size: the long side brought down to 2048 px (never up), the canvas under iOS's limit. */
export function targetSize(width: number, height: number): { width: number; height: number } {
  let scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const pixels = width * height * scale * scale;
  if (pixels > MAX_CANVAS_PIXELS) scale *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface StoredPhoto {
  bytes: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
}

/** Decodes (with the EXIF orientation applied), draws at the stored size and encodes as JPEG, lowering quality if big. */
export async function downscalePhoto(file: Blob): Promise<StoredPhoto> {
  const decoded = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = targetSize(decoded.width, decoded.height);
  // The decoder resizes into the bitmap itself: no canvas ever holds the camera's full resolution.
  const bitmap =
    width === decoded.width
      ? decoded
      : await createImageBitmap(decoded, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  if (bitmap !== decoded) decoded.close();
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d') as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error('This phone cannot prepare photos');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let blob: Blob | null = null;
  for (const quality of [0.82, 0.72, 0.6, 0.5]) {
    blob = await encode(canvas, quality);
    if (blob.size <= TARGET_BYTES) break;
  }
  return { bytes: await blob!.arrayBuffer(), type: 'image/jpeg', width, height };
}

function encode(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('Could not encode the photo'))),
      'image/jpeg',
      quality,
    ),
  );
}
