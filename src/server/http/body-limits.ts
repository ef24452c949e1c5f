import { MAX_IMPORT_BYTES } from '../../shared/csv-import';
import { FIELD_TEXT, MAX_PHOTO_BYTES } from '../../shared/field';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH, VERIFICATION_TEXT } from '../../shared/verification';

/** The largest body any route takes but the document upload. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';

export interface BodyLimit {
  maxBytes: number;
  message: string;
}

const DEFAULT_LIMIT: BodyLimit = { maxBytes: MAX_BODY_BYTES, message: BODY_TOO_LARGE_MESSAGE };
// The file, its form fields and the multipart framing (features/verification checks the file's own size).
const UPLOAD_LIMIT: BodyLimit = {
  maxBytes: MAX_UPLOAD_BYTES + 256 * 1024,
  message: VERIFICATION_TEXT.tooLarge,
};

// A field photo, its form fields and the framing (features/field checks the photo's own size).
const PHOTO_LIMIT: BodyLimit = { maxBytes: MAX_PHOTO_BYTES + 256 * 1024, message: FIELD_TEXT.photoTooLarge };
const PHOTO_PATH = /^\/api\/field\/jobs\/[^/]+\/photos$/;
// The completion carries the signature PNG as base64 (≤ 2 MB of text, src/shared/field.ts).
const COMPLETE_LIMIT: BodyLimit = { maxBytes: 3 * 1024 * 1024, message: BODY_TOO_LARGE_MESSAGE };
const COMPLETE_PATH = /^\/api\/field\/jobs\/[^/]+\/complete$/;

// A customers or services CSV to import (up to 10,000 rows, decisions 1237 and 1287), as JSON text.
const IMPORT_LIMIT: BodyLimit = { maxBytes: MAX_IMPORT_BYTES + 64 * 1024, message: BODY_TOO_LARGE_MESSAGE };
const IMPORT_PATH = /^\/api\/(customers|services)\/import(\/preview)?$/;

/** The body limit of a request path (no query). One table for the app's middleware and the HTTP server's reader. */
export function bodyLimitOf(path: string): BodyLimit {
  if (path === UPLOAD_PATH) return UPLOAD_LIMIT;
  if (PHOTO_PATH.test(path)) return PHOTO_LIMIT;
  if (COMPLETE_PATH.test(path)) return COMPLETE_LIMIT;
  if (IMPORT_PATH.test(path)) return IMPORT_LIMIT;
  return DEFAULT_LIMIT;
}
