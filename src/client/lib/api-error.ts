import type { ErrorResponse } from '@common/api/common';

export type FieldIssue = NonNullable<ErrorResponse['issues']>[number];

/**
 * A non-OK answer from the API. Every 4xx/5xx answer has the body `{ message, issues? }`
 * (`issues` on a 400, one per invalid field), so callers read the status, the server's message
 * and the field issues from here instead of parsing text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The server's own `message`, or null when the body had none (a proxy's HTML page, ...). */
    readonly serverMessage: string | null,
    readonly issues: readonly FieldIssue[],
    /** A suspended member's refused sign-in: why, until when, and the token to appeal with. */
    readonly suspension: ErrorResponse['suspension'] = undefined,
  ) {
    super(message);
  }

  /** Builds the error from the status and the raw body of a failed answer. */
  static fromBody(status: number, statusText: string, bodyText: string): ApiError {
    const body = parseErrorBody(bodyText);
    return new ApiError(
      status,
      body?.message || bodyText || statusText || `HTTP ${status}`,
      body?.message || null,
      body?.issues ?? [],
      body?.suspension,
    );
  }
}

function parseErrorBody(text: string): ErrorResponse | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || !('message' in body)) return null;
    const message = typeof body.message === 'string' ? body.message : '';
    const issues =
      'issues' in body && Array.isArray(body.issues) ? body.issues.filter(isFieldIssue) : undefined;
    const suspension = 'suspension' in body && isSuspension(body.suspension) ? body.suspension : undefined;
    return { message, issues, suspension };
  } catch {
    return null;
  }
}

function isSuspension(value: unknown): value is NonNullable<ErrorResponse['suspension']> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'reason' in value &&
    typeof value.reason === 'string' &&
    'until' in value &&
    'appealToken' in value
  );
}

function isFieldIssue(issue: unknown): issue is FieldIssue {
  return (
    typeof issue === 'object' &&
    issue !== null &&
    'path' in issue &&
    Array.isArray(issue.path) &&
    'message' in issue &&
    typeof issue.message === 'string'
  );
}

/**
 * True when the session is missing or expired: the server's 401 'Unauthorized'. A wrong password
 * at sign-in is a 401 too, but with its own message, and is no lost session.
 */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.serverMessage === 'Unauthorized';
}

/** The server's message for a failed call, or null when it gave none (network failure, HTML page...). */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** True for an answer with one of the given statuses (a missing or forbidden resource). */
export function hasStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}
