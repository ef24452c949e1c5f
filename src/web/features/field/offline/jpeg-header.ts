// What the field app needs to know about a camera JPEG before decoding it (issue 26, docs/decisions/1300): its size,
// its EXIF orientation (a phone held upright writes a landscape sensor image with "rotate 90°") and the quality it was
// saved at (from its luminance quantisation table). Read from the first bytes of the file only: the decoder can then be
// asked for the final, upright, downscaled picture in one step, and the encoder for a quality that lands under budget.

export interface JpegInfo {
  /** As stored (before the EXIF orientation). */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 when absent). */
  orientation: number;
  /** The quality (0–1) the file's luminance table matches on the IJG scale, when it has one. */
  quality: number | null;
}

/** How many bytes of the file are read: room for the EXIF block (≤ 64 KB, with its thumbnail) and the other headers. */
export const JPEG_HEADER_BYTES = 256 * 1024;

// The IJG standard luminance table (natural order; sums are order-independent).
const STD_LUMINANCE_SUM = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
].reduce((a, b) => a + b, 0);

/** The IJG quality whose scaled standard table has this sum (its inverse: scale = 200 − 2q above 50, 5000 / q below). */
export function qualityFromLuminanceSum(sum: number): number {
  const scale = (sum * 100) / STD_LUMINANCE_SUM;
  const q = scale <= 100 ? (200 - scale) / 2 : 5000 / scale;
  return Math.min(1, Math.max(0.01, Math.round(q) / 100));
}

/** Reads the start of a JPEG; null when it is not one or its frame header is not within the bytes given. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let orientation = 1;
  let quality: number | null = null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    const body = at + 4;
    const end = at + 2 + length;
    if (length < 2) return null;
    if (marker === 0xe1 && orientation === 1 && end <= bytes.length)
      orientation = exifOrientation(view, body, end);
    if (marker === 0xdb && quality === null && end <= bytes.length)
      quality = luminanceQuality(view, body, end);
    // Start of frame (baseline, extended, progressive, lossless, arithmetic): height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (body + 5 > bytes.length) return null;
      const height = view.getUint16(body + 1);
      const width = view.getUint16(body + 3);
      if (!width || !height) return null;
      return { width, height, orientation, quality };
    }
    if (marker === 0xda) return null; // scan data before any frame header: not a file we understand
    at = end;
  }
  return null;
}

function exifOrientation(view: DataView, body: number, end: number): number {
  // "Exif\0\0", then a TIFF header: byte order, 42, offset of the first directory.
  if (end - body < 14 || view.getUint32(body) !== 0x45786966 || view.getUint16(body + 4) !== 0) return 1;
  const tiff = body + 6;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (o: number) => view.getUint16(o, little);
  const u32 = (o: number) => view.getUint32(o, little);
  if (u16(tiff + 2) !== 42) return 1;
  const dir = tiff + u32(tiff + 4);
  if (dir + 2 > end) return 1;
  const count = u16(dir);
  for (let i = 0; i < count; i++) {
    const entry = dir + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

function luminanceQuality(view: DataView, body: number, end: number): number | null {
  let at = body;
  while (at < end) {
    const info = view.getUint8(at);
    const precision16 = info >> 4 === 1;
    const id = info & 0x0f;
    const size = precision16 ? 128 : 64;
    if (at + 1 + size > end) return null;
    if (id === 0) {
      let sum = 0;
      for (let i = 0; i < 64; i++)
        sum += precision16 ? view.getUint16(at + 1 + i * 2) : view.getUint8(at + 1 + i);
      return qualityFromLuminanceSum(sum);
    }
    at += 1 + size;
  }
  return null;
}

/** The picture's size once its EXIF orientation is applied (5–8 turn it a quarter). */
export function uprightSize(info: Pick<JpegInfo, 'width' | 'height' | 'orientation'>) {
  return info.orientation >= 5
    ? { width: info.height, height: info.width }
    : { width: info.width, height: info.height };
}
