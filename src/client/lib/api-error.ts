import type { ErrorResponse } from '@common/api/common';
import { GENERIC_ERROR_CODES, isErrorCode } from '@common/api/errors';
import { currentLocale, i18n } from '@client/i18n';

type Params = Record<string, string | number>;

/** One invalid field of an answer. `code` is a string: a newer server may send a code this client lacks. */
export interface FieldIssue {
  path: Array<string | number>;
  code?: string;
  params?: Params;
  message: string;
}

/**
 * A non-OK answer from the API. Every 4xx/5xx answer has the body `{ code, params?, message,
 * issues? }` (`issues` on a 400, one per invalid field), so callers read the status, the code and
 * the field issues from here, and show `errorText(error)`: never the message's words.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The server's own (English) `message`, or null when the body had none (a proxy's HTML page, ...). */
    readonly serverMessage: string | null,
    readonly issues: readonly FieldIssue[],
    /** The error's code (src/common/api/errors.ts), or null when the body had none. */
    readonly code: string | null = null,
    readonly params: Params = {},
    /** A suspended member's refused sign-in: why, until when, and the token to appeal with. */
    readonly suspension: ErrorResponse['suspension'] = undefined,
    /** What a refused account deletion waits for: accepted trades and swap rings, by id. */
    readonly blockers: NonNullable<ErrorResponse['blockers']> = [],
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
      body?.code ?? null,
      body?.params ?? {},
      body?.suspension,
      body?.blockers ?? [],
    );
  }
}

interface ParsedBody {
  code: string | null;
  params: Params;
  message: string;
  issues: FieldIssue[];
  suspension: ErrorResponse['suspension'];
  blockers: NonNullable<ErrorResponse['blockers']>;
}

function parseErrorBody(text: string): ParsedBody | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || !('message' in body)) return null;
    const shaped = body as Partial<Record<keyof ErrorResponse, unknown>>;
    return {
      code: typeof shaped.code === 'string' ? shaped.code : null,
      params: paramsOf(shaped.params),
      message: typeof shaped.message === 'string' ? shaped.message : '',
      issues: Array.isArray(shaped.issues) ? shaped.issues.flatMap(toFieldIssue) : [],
      suspension: isSuspension(shaped.suspension) ? shaped.suspension : undefined,
      blockers: Array.isArray(shaped.blockers) ? shaped.blockers.filter(isBlocker) : [],
    };
  } catch {
    return null;
  }
}

function paramsOf(value: unknown): Params {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

function isBlocker(value: unknown): value is NonNullable<ErrorResponse['blockers']>[number] {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    (value.kind === 'trade' || value.kind === 'ring') &&
    'id' in value &&
    typeof value.id === 'string'
  );
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

function toFieldIssue(issue: unknown): FieldIssue[] {
  if (
    typeof issue !== 'object' ||
    issue === null ||
    !('path' in issue) ||
    !Array.isArray(issue.path) ||
    !('message' in issue) ||
    typeof issue.message !== 'string'
  )
    return [];
  const code = 'code' in issue && typeof issue.code === 'string' ? issue.code : undefined;
  const params = 'params' in issue ? paramsOf(issue.params) : {};
  return [
    {
      path: issue.path as Array<string | number>,
      ...(code ? { code } : {}),
      ...(Object.keys(params).length ? { params } : {}),
      message: issue.message,
    },
  ];
}

/**
 * The text of a code in the page's language, or null when the catalogue has no text for it (a code
 * newer than this client). An English reader gets `english` instead for codes whose server message
 * says more than their text: a generic code's (thrown with a message of its own) and a field
 * issue's (the contract's message names the field).
 */
export function codeText(
  code: string | null | undefined,
  params: Params,
  english: string | null,
): string | null {
  if (!code) return null;
  const detailed = (isErrorCode(code) && GENERIC_ERROR_CODES.has(code)) || code.startsWith('validation.');
  if (detailed && english && currentLocale() === 'en') return english;
  const key = `errors:${code}`;
  return i18n.exists(key, params) ? i18n.t(key, params) : null;
}

/** A field issue's text in the page's language (the server's message for an unknown code). */
export function issueText(issue: FieldIssue): string {
  return codeText(issue.code, issue.params ?? {}, issue.message) ?? issue.message;
}

/**
 * What to tell the member about a failed call, in the page's language: the text of the error's
 * code (for an invalid input, the first field's), the server's message for a code this client does
 * not know, or null when the answer had neither (network failure, a proxy's HTML page...).
 */
export function errorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const [first] = error.issues;
  if (error.code === 'validation.invalid' && first && currentLocale() !== 'en') return issueText(first);
  return codeText(error.code, error.params, error.serverMessage) ?? error.serverMessage;
}

/**
 * True when the session is missing or expired: the server's 401 `auth.session_required`. A wrong
 * password at sign-in is a 401 too, but with its own code, and is no lost session.
 */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'auth.session_required';
}

/** True for an answer with one of the given statuses (a missing or forbidden resource). */
export function hasStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}

/** True for an answer with the given code. */
export function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}
