import sharp from 'sharp';
import { FIELD_TEXT, THUMB_MAX_PX } from '../../../shared/field';
import { AppError } from '../../http/errors';

// Server-made thumbnails of field photos (issue 26): the owner's panel and the field app's lists load these, not the
// 2048 px originals. sharp (libvips) decodes JPEG, PNG and WebP; a photo it cannot decode is refused (415).

/** Bigger than any phone camera's frame (the field app sends ≤ 2048 px), small enough to bound the decoder's memory. */
const MAX_INPUT_PIXELS = 64_000_000;

export async function makeThumbnail(bytes: Uint8Array) {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: the upright photo's sides are swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    const jpeg = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    return { jpeg: new Uint8Array(jpeg), width, height };
  } catch {
    throw new AppError(415, FIELD_TEXT.photoType);
  }
}
