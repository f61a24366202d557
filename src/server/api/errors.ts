/**
 * An error with an HTTP status and a message meant for the caller. Feature modules throw it; the API
 * wrapper answers `{ "message": ... }` with its status.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const badGateway = (message: string) => new HttpError(502, message);
/** 503 with `Retry-After`: the server cannot answer now, and the same request may be sent again after that. */
export const serviceUnavailable = (retryAfterSeconds: number, message: string) =>
  new HttpError(503, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** Seconds a caller is asked to wait when the database did not answer (a restart or fail-over takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 3;
/** The answer when the database did not answer (../db/unavailable.ts): nothing was done, so it is safe to retry. */
export const databaseUnavailable = () =>
  serviceUnavailable(
    DATABASE_RETRY_AFTER_SECONDS,
    'The database is not answering; nothing was changed. Try again in a moment.',
  );
