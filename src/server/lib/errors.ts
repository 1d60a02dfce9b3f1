import type { ErrorResponse } from '../../common/api/common';
import { type ErrorCode, type ErrorParamArgs, type ErrorParams, isErrorCode } from '../../common/api/errors';
import { englishMessage } from './error-messages';

type Params = Record<string, string | number>;

/** One invalid input field of an error answer. */
export interface HttpErrorIssue {
  path: string[];
  code: ErrorCode;
  params?: Params;
  message: string;
}

/**
 * An error whose status, code and message are safe to show to the client. The `message` is the
 * English text of `code` (src/common/api/errors.ts) with `params`, unless the error was thrown with
 * a message of its own under a generic code (`http.conflict`, ...).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly params: Params | undefined,
    message: string = englishMessage(code, params),
    /** Response headers that go with the error (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
    /** The input fields the error is about, so that a form can show it beside them. */
    readonly issues?: HttpErrorIssue[],
    /**
     * More that the answer carries: a suspended member's refused sign-in (ErrorResponse.suspension),
     * what blocks an account deletion (ErrorResponse.blockers).
     */
    readonly extra?: Pick<ErrorResponse, 'suspension' | 'blockers'>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The code, params and message of a helper's arguments: a declared code, or a bare message. */
function coded(generic: ErrorCode, first: string | undefined, rest: unknown[]) {
  if (first === undefined) return { code: generic, params: undefined, message: englishMessage(generic) };
  if (isErrorCode(first)) {
    const params = rest[0] as Params | undefined;
    return { code: first, params, message: englishMessage(first, params) };
  }
  // A message without a code (a throw site written before codes existed): the generic code of its
  // status, the message as it was. Give the site a code of its own.
  return { code: generic, params: undefined, message: first };
}

function helper(statusCode: number, generic: ErrorCode, bare: ErrorCode = generic) {
  function make<C extends ErrorCode>(code: C, ...params: ErrorParamArgs<C>): HttpError;
  /** A message only: answered under the generic code of the status. */
  function make(message?: string): HttpError;
  function make(first?: string, ...rest: unknown[]): HttpError {
    const { code, params, message } = coded(first === undefined ? bare : generic, first, rest);
    return new HttpError(statusCode, code, params, message);
  }
  return make;
}

export const badRequest = helper(400, 'http.bad_request');
/** Without arguments: no session (`auth.session_required`), which sends the client to sign in. */
export const unauthorized = helper(401, 'http.unauthorized', 'auth.session_required');
export const forbidden = helper(403, 'http.forbidden');
export const notFound = helper(404, 'http.not_found');
export const conflict = helper(409, 'http.conflict');

/**
 * An error about one input field: the body's `issues` names it, as a validation error would.
 * `fieldError(409, 'email', 'auth.email_taken')`, or with a message only (generic code).
 */
export function fieldError<C extends ErrorCode>(
  statusCode: number,
  field: string,
  code: C,
  ...params: ErrorParamArgs<C>
): HttpError;
export function fieldError(statusCode: number, field: string, message: string): HttpError;
export function fieldError(statusCode: number, field: string, first: string, ...rest: unknown[]): HttpError {
  const { code, params, message } = coded(GENERIC_BY_STATUS[statusCode] ?? 'http.bad_request', first, rest);
  return new HttpError(statusCode, code, params, message, {}, [
    { path: [field], code, ...(params ? { params } : {}), message },
  ]);
}

const GENERIC_BY_STATUS: Record<number, ErrorCode> = {
  400: 'http.bad_request',
  401: 'http.unauthorized',
  403: 'http.forbidden',
  404: 'http.not_found',
  409: 'http.conflict',
  413: 'http.payload_too_large',
  415: 'http.unsupported_media_type',
  429: 'http.too_many_requests',
};

/** The generic code of a status, for errors that carry no code of their own. */
export function genericCode(statusCode: number): ErrorCode {
  return GENERIC_BY_STATUS[statusCode] ?? (statusCode >= 500 ? 'http.internal' : 'http.bad_request');
}

const retryAfter = (seconds: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

/**
 * Every 429 says when to come back: `Retry-After` in whole seconds, at least 1 (default 60).
 * `tooManyRequests('auth.too_many_attempts_seconds', { count }, seconds)`, or `(message, seconds)`.
 */
export function tooManyRequests<C extends ErrorCode>(
  code: C,
  params: ErrorParams<C>,
  retryAfterSeconds?: number,
): HttpError;
export function tooManyRequests(message: string, retryAfterSeconds?: number): HttpError;
export function tooManyRequests(first: string, second?: Params | number, third?: number): HttpError {
  if (isErrorCode(first)) {
    const params = typeof second === 'object' && Object.keys(second).length > 0 ? second : undefined;
    return new HttpError(429, first, params, englishMessage(first, params), retryAfter(third ?? 60));
  }
  const seconds = typeof second === 'number' ? second : 60;
  return new HttpError(429, 'http.too_many_requests', undefined, first, retryAfter(seconds));
}

/** A status other than the helpers' (413, 415, ...) with its code. */
export function httpError<C extends ErrorCode>(statusCode: number, code: C, ...params: ErrorParamArgs<C>) {
  const values = params[0] as Params | undefined;
  return new HttpError(statusCode, code, values, englishMessage(code, values));
}
