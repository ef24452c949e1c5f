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

/** The body limit of a request path (no query). One table for the app's middleware and the HTTP server's reader. */
export function bodyLimitOf(path: string): BodyLimit {
  return path === UPLOAD_PATH ? UPLOAD_LIMIT : DEFAULT_LIMIT;
}
