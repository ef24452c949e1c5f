/** Errors a service may throw; the app's error handler maps each to its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
    /** A machine-readable code; the public API answers one with every error (decision 1201). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
export const invalid = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message = "You don't have permission to do that") => new AppError(403, message);
/** A feature of a higher plan (src/shared/plan-features.ts). */
export const paymentRequired = (message: string) => new AppError(402, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);

/** The public API's error code of each status when the error names none (decision 1201). */
export const ERROR_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'plan_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
};
