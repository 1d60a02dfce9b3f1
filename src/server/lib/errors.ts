import type { ErrorResponse } from '../../common/api/common';

/** An error whose status and message are safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Response headers that go with the error (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
    /** The input fields the error is about, so that a form can show it beside them. */
    readonly issues?: Array<{ path: string[]; message: string }>,
    /** More that the answer carries (a suspended member's refused sign-in: ErrorResponse.suspension). */
    readonly extra?: Omit<ErrorResponse, 'message' | 'issues'>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/** An error about one input field: the body's `issues` names it, as a validation error would. */
export const fieldError = (statusCode: number, field: string, message: string) =>
  new HttpError(statusCode, message, {}, [{ path: [field], message }]);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** Every 429 says when to come back: `Retry-After` in whole seconds, at least 1 (default 60). */
export const tooManyRequests = (message: string, retryAfterSeconds = 60) =>
  new HttpError(429, message, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
