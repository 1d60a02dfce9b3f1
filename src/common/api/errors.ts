import { z } from 'zod';

/**
 * Every error code the API answers with, and the names of the values (`params`) its text takes.
 * A code is stable: clients translate it (src/common/i18n/locales/<language>/errors.json, keyed by
 * the code) and never read the English `message`, which the server renders from the English
 * catalogue's text for the code. To add one: name it here (`<area>.<what_went_wrong>`), give it its
 * English and French texts with the same `{{params}}`, and throw it with the helper for its status
 * (`conflict('trade.already_settled', { status })`). `errors.test.ts` checks all three agree.
 */
export const ERROR_CODES = {
  'http.bad_request': [],
  'http.unauthorized': [],
  'http.forbidden': [],
  'http.not_found': [],
  'http.conflict': [],
  'http.payload_too_large': [],
  'http.unsupported_media_type': [],
  'http.too_many_requests': [],
  'http.internal': [],
  'http.unavailable': [],
  'request.invalid_json': [],
  'request.empty_json': [],
  'request.body_too_large': [],
  'request.unsupported_media_type': [],
  'request.cross_origin': [],
  'validation.invalid': [],
  'validation.required': [],
  'validation.invalid_type': ['expected'],
  'validation.too_short': ['minimum'],
  'validation.too_long': ['maximum'],
  'validation.too_small': ['minimum'],
  'validation.too_big': ['maximum'],
  'validation.too_few': ['minimum'],
  'validation.too_many': ['maximum'],
  'validation.invalid_format': ['format'],
  'validation.invalid_email': [],
  'validation.invalid_id': [],
  'validation.invalid_value': [],
  'validation.unrecognized_keys': ['keys'],
  'validation.unsafe_text': [],
  'validation.custom': [],
  'auth.session_required': [],
  'auth.email_not_verified': [],
  'auth.moderators_only': [],
  'auth.too_many_attempts_seconds': ['count'],
  'auth.too_many_attempts_minutes': ['count'],
  'limits.too_many_seconds': ['action', 'wait'],
  'limits.too_many_minutes': ['action', 'wait'],
  'auth.verification_links_exhausted': [],
  'auth.too_many_emails_to_address': [],
  'auth.dev_login_disabled': [],
  'auth.demo_member_missing': [],
  'auth.external_sign_in_unconfigured': [],
  'auth.invalid_email_link': [],
  'auth.member_not_found': [],
  'auth.email_already_verified': [],
  'auth.wrong_password': [],
  'auth.wrong_current_password': [],
  'auth.same_email': [],
  'auth.email_taken': [],
  'auth.demo_account_shared': ['action'],
  'auth.session_not_found': [],
  'auth.finish_trades_before_deletion': [],
  'auth.invalid_credentials': [],
  'auth.reserved_email': [],
  'images.not_multipart': [],
  'images.missing_file': [],
  'images.too_large': [],
  'images.not_found': [],
  'images.not_an_image': [],
  'images.too_many_pixels': [],
  'images.quota_full': ['megabytes'],
  'trade.item_unavailable': [],
  'trade.already_settled': ['status'],
} as const satisfies Record<string, readonly string[]>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The values a code's text takes, by name. */
export type ErrorParams<C extends ErrorCode> = Record<(typeof ERROR_CODES)[C][number], string | number>;
/** A coded helper's arguments after the code: its params, required only when the code takes some. */
export type ErrorParamArgs<C extends ErrorCode> = (typeof ERROR_CODES)[C] extends readonly []
  ? []
  : [params: ErrorParams<C>];

export const errorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/**
 * Codes that only say what kind of failure it was: errors thrown with a message and no code of
 * their own, and refinements of the contract without one. Their English `message` says more than
 * the code's text, so an English reader is shown the message; other languages the code's text.
 */
export const GENERIC_ERROR_CODES: ReadonlySet<ErrorCode> = new Set([
  'http.bad_request',
  'http.unauthorized',
  'http.forbidden',
  'http.not_found',
  'http.conflict',
  'http.too_many_requests',
  'validation.custom',
]);

export const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** What a zod issue says, as the error handler and the client's forms both read it. */
export interface ZodIssueLike {
  code: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  keys?: unknown;
  expected?: unknown;
  params?: unknown;
}

/**
 * The code and params of a zod issue. A refinement names its own code through its params
 * (`.refine(check, { message, params: { code: 'swap_rules.band_order' } })`); one that does not is
 * `validation.custom`, whose English message is the refinement's.
 */
export function zodIssueCode(issue: ZodIssueLike): {
  code: ErrorCode;
  params?: Record<string, string | number>;
} {
  const number = (value: unknown) => (typeof value === 'bigint' ? Number(value) : Number(value));
  const sized =
    issue.origin === 'string'
      ? 'text'
      : issue.origin === 'array' || issue.origin === 'set'
        ? 'list'
        : 'number';
  switch (issue.code) {
    case 'too_small': {
      const minimum = number(issue.minimum);
      if (sized === 'text')
        return minimum <= 1
          ? { code: 'validation.required' }
          : { code: 'validation.too_short', params: { minimum } };
      return { code: sized === 'list' ? 'validation.too_few' : 'validation.too_small', params: { minimum } };
    }
    case 'too_big': {
      const maximum = number(issue.maximum);
      const code =
        sized === 'text'
          ? 'validation.too_long'
          : sized === 'list'
            ? 'validation.too_many'
            : 'validation.too_big';
      return { code, params: { maximum } };
    }
    case 'invalid_type':
      return { code: 'validation.invalid_type', params: { expected: String(issue.expected ?? 'value') } };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'validation.invalid_email' };
      if (issue.format === 'uuid' || issue.format === 'guid') return { code: 'validation.invalid_id' };
      return { code: 'validation.invalid_format', params: { format: String(issue.format ?? '') } };
    case 'unrecognized_keys':
      return {
        code: 'validation.unrecognized_keys',
        params: { keys: Array.isArray(issue.keys) ? issue.keys.join(', ') : '' },
      };
    case 'custom': {
      const named = (issue.params as { code?: unknown } | undefined)?.code;
      return isErrorCode(named) ? { code: named } : { code: 'validation.custom' };
    }
    default:
      return { code: 'validation.invalid_value' };
  }
}
