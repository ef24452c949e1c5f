// The photo pipeline's decisions (docs/decisions/1300): what it reads from a camera file, the size it asks the decoder
// for, and the quality of its one encode (two when the first is over 600 KB). The browser's decoder and encoder are
// stand-ins here; scripts/bench-field.ts measures the real ones in Chromium at 4× CPU slowdown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AIM,
  type DownscaleTrace,
  downscalePhoto,
  firstQuality,
  MAX_QUALITY,
  MIN_QUALITY,
  nextQuality,
  relativeSize,
  TARGET_BYTES,
  targetSize,
} from './downscale';
import { qualityFromLuminanceSum, readJpegInfo, uprightSize } from './jpeg-header';

const STD = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
/** The luminance table libjpeg writes at quality q (1–100). */
const ijgTable = (q: number) => {
  const scale = q < 50 ? 5000 / q : 200 - q * 2;
  return STD.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
};
const u16 = (n: number) => [n >> 8, n & 255];

/** The start of a JPEG: SOI, an optional EXIF orientation, a luminance table, a baseline frame header. */
function jpegHead({
  width,
  height,
  orientation,
  quality,
  littleEndian = false,
}: {
  width: number;
  height: number;
  orientation?: number;
  quality?: number;
  littleEndian?: boolean;
}) {
  const bytes: number[] = [0xff, 0xd8];
  bytes.push(0xff, 0xe0, ...u16(16), 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0); // JFIF
  if (orientation) {
    const w16 = (n: number) => (littleEndian ? [n & 255, n >> 8] : u16(n));
    const w32 = (n: number) => (littleEndian ? [n & 255, 0, 0, 0] : [0, 0, 0, n & 255]);
    const tiff = [
      ...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...w16(42),
      ...w32(8),
      ...w16(2), // two entries: a make (ignored) and the orientation
      ...w16(0x010f),
      ...w16(2),
      ...w32(1),
      ...w32(0),
      ...w16(0x0112),
      ...w16(3),
      ...w32(1),
      ...w16(orientation),
      0,
      0,
      ...w32(0),
    ];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    bytes.push(0xff, 0xe1, ...u16(body.length + 2), ...body);
  }
  if (quality) bytes.push(0xff, 0xdb, ...u16(67), 0, ...ijgTable(quality));
  bytes.push(0xff, 0xc0, ...u16(17), 8, ...u16(height), ...u16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1);
  bytes.push(0xff, 0xda, ...u16(12), 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0);
  return new Uint8Array(bytes);
}

describe('reading a camera file', () => {
  it('finds its size, orientation (either byte order) and quality before the picture data', () => {
    expect(readJpegInfo(jpegHead({ width: 4000, height: 3000, orientation: 6, quality: 92 }))).toEqual({
      width: 4000,
      height: 3000,
      orientation: 6,
      quality: 0.92,
    });
    expect(
      readJpegInfo(jpegHead({ width: 4032, height: 3024, orientation: 8, littleEndian: true })),
    ).toMatchObject({
      orientation: 8,
      quality: null,
    });
    expect(readJpegInfo(jpegHead({ width: 640, height: 480 }))).toMatchObject({ orientation: 1 });
  });

  it('knows the IJG quality a luminance table was saved at', () => {
    for (const q of [30, 50, 75, 85, 92, 95]) {
      expect(qualityFromLuminanceSum(ijgTable(q).reduce((a, b) => a + b, 0))).toBeCloseTo(q / 100, 1);
    }
  });

  it('is not fooled by what is not a JPEG, or a header cut short', () => {
    expect(readJpegInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).toBeNull();
    expect(readJpegInfo(jpegHead({ width: 4000, height: 3000, orientation: 6 }).slice(0, 30))).toBeNull();
  });

  it('turns the size a quarter for orientations 5–8 (a phone held upright)', () => {
    expect(uprightSize({ width: 4000, height: 3000, orientation: 6 })).toEqual({ width: 3000, height: 4000 });
    expect(uprightSize({ width: 4000, height: 3000, orientation: 3 })).toEqual({ width: 4000, height: 3000 });
  });
});

describe('the stored size', () => {
  it('brings the long side to 2048 px, never up, and keeps the shape', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(targetSize(3000, 4000)).toEqual({ width: 1536, height: 2048 });
    expect(targetSize(1200, 900)).toEqual({ width: 1200, height: 900 });
  });
  it('never makes a canvas over iOS’s 16.7 MP', () => {
    const { width, height } = targetSize(2048, 2048);
    expect(width * height).toBeLessThanOrEqual(16_777_216);
  });
});

describe('the encode quality', () => {
  const camera = (bytes: number, quality: number | null = 0.92) =>
    firstQuality({ bytes, width: 4000, height: 3000, quality, outWidth: 2048, outHeight: 1536 });

  it('is high for a plain picture and lower for a busy one, within bounds', () => {
    expect(camera(1_500_000)).toBe(MAX_QUALITY);
    expect(camera(8_400_000)).toBeLessThan(0.6);
    expect(camera(60_000_000)).toBe(MIN_QUALITY);
    expect(camera(4_000_000)).toBeGreaterThan(camera(6_000_000));
  });

  it('reads the same picture saved at a lower quality as just as busy', () => {
    // 0.8 makes the file ~2× smaller than 0.92 (the size curve): the same stored quality comes out.
    const at92 = camera(8_000_000, 0.92);
    const at80 = camera((8_000_000 * relativeSize(0.8)) / relativeSize(0.92), 0.8);
    expect(Math.abs(at92 - at80)).toBeLessThanOrEqual(0.01);
  });

  it('predicts under the budget for the camera picture it is given', () => {
    const q = camera(5_000_000);
    const predicted = (5_000_000 / 12e6 / relativeSize(0.92)) * relativeSize(q) * 2048 * 1536;
    expect(predicted).toBeLessThanOrEqual(TARGET_BYTES * AIM);
  });

  it('encodes again only when over, and then lower, aiming under the budget', () => {
    expect(nextQuality(0.8, TARGET_BYTES)).toBeNull();
    const q = nextQuality(0.8, 1_000_000)!;
    expect(q).toBeLessThan(0.8);
    expect((1_000_000 * relativeSize(q)) / relativeSize(0.8)).toBeLessThanOrEqual(TARGET_BYTES * AIM);
    expect(nextQuality(0.8, 620_000)).toBeLessThanOrEqual(0.75);
    expect(nextQuality(MIN_QUALITY, 2_000_000)).toBeNull();
  });
});

describe('downscalePhoto', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Stand-ins for the browser's decoder and encoder: the encoder's size falls with quality as the curve says. */
  function stubBrowser(bytesAt08: number) {
    const bitmaps: Array<[unknown, ImageBitmapOptions | undefined]> = [];
    const encodes: number[] = [];
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (source: unknown, options?: ImageBitmapOptions) => {
        bitmaps.push([source, options]);
        return {
          width: options?.resizeWidth ?? 4000,
          height: options?.resizeHeight ?? 3000,
          close: () => {},
        };
      }),
    );
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          public width: number,
          public height: number,
        ) {}
        getContext() {
          return { drawImage: () => {} };
        }
        async convertToBlob({ quality }: { quality: number }) {
          encodes.push(quality);
          return new Blob([
            new Uint8Array(Math.round((bytesAt08 * relativeSize(quality)) / relativeSize(0.8))),
          ]);
        }
      },
    );
    return { bitmaps, encodes };
  }

  const cameraFile = (size: number, orientation?: number) => {
    const head = jpegHead({ width: 4000, height: 3000, orientation, quality: 92 });
    const file = new Uint8Array(size);
    file.set(head);
    return new Blob([file], { type: 'image/jpeg' });
  };

  it('asks the decoder once for the upright picture at the stored size, and encodes once', async () => {
    const { bitmaps, encodes } = stubBrowser(400_000);
    const trace: DownscaleTrace = { path: 'decode', qualities: [] };
    const photo = await downscalePhoto(cameraFile(3_000_000, 6), trace);
    expect(bitmaps).toHaveLength(1);
    expect(bitmaps[0]![1]).toMatchObject({
      imageOrientation: 'from-image',
      resizeWidth: 1536,
      resizeHeight: 2048,
    });
    expect(encodes).toHaveLength(1);
    expect(trace.path).toBe('header');
    expect(photo).toMatchObject({ width: 1536, height: 2048, type: 'image/jpeg' });
    expect(photo.bytes.byteLength).toBeLessThanOrEqual(TARGET_BYTES);
  });

  it('encodes a second time, lower, only when the first came out over 600 KB', async () => {
    const { encodes } = stubBrowser(1_200_000);
    const photo = await downscalePhoto(cameraFile(3_000_000));
    expect(encodes).toHaveLength(2);
    expect(encodes[1]!).toBeLessThan(encodes[0]!);
    expect(photo.bytes.byteLength).toBeLessThanOrEqual(TARGET_BYTES);
  });

  it('decodes first when the file is not a JPEG it can read, then scales in the browser', async () => {
    const { bitmaps } = stubBrowser(300_000);
    const photo = await downscalePhoto(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])]));
    expect(bitmaps[0]![1]).toEqual({ imageOrientation: 'from-image' });
    expect(bitmaps[1]![1]).toMatchObject({ resizeWidth: 2048, resizeHeight: 1536 });
    expect(photo).toMatchObject({ width: 2048, height: 1536 });
  });
});
