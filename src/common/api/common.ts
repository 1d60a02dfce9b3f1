import { z } from 'zod';
import { isOneLineText, ONE_LINE_MESSAGE } from '../domain/unsafe-text';
import { errorCode, errorParams } from './errors';

/** One invalid input field: where, what went wrong (`code`, with its `params`) and the English text. */
export const fieldIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: errorCode,
  params: errorParams.optional(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssue>;

/**
 * Body of every 4xx/5xx answer (docs/product.md § API conventions): a stable `code` from
 * `ERROR_CODES` (./errors.ts) with the values its text takes, the English `message` rendered from
 * that text, and `issues`, one per invalid field, when the error is about input fields.
 */
export const errorResponse = z.object({
  code: errorCode,
  params: errorParams.optional(),
  message: z.string(),
  issues: z.array(fieldIssue).optional(),
  /** A suspended member's refused sign-in: why, until when, and how to appeal (api/moderation.ts). */
  suspension: z
    .object({
      reason: z.string(),
      note: z.string().nullable(),
      until: z.string().nullable(),
      appealToken: z.string().nullable(),
    })
    .optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * An id (a UUID) a client sends, read into its one canonical spelling: lower case, as PostgreSQL
 * prints a uuid and as the session's member id reads. PostgreSQL takes either case for the same id,
 * so a string comparison of a client's id with the session's ("not yourself") is only sound on this
 * form. Every id of the contract goes through here.
 */
export const canonicalId = (message: string) => z.uuid({ message }).toLowerCase();

export const idParam = z.object({ id: canonicalId('Invalid id') });
export type IdParam = z.infer<typeof idParam>;

/** Trimmed string with a length range and a readable message naming the field. */
export function text(label: string, min: number, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .min(min, { message: min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters` })
    .max(max, { message: `${label} must be at most ${max} characters` });
}

/**
 * The check of a one-line field (a name, a title, a brand: src/common/domain/unsafe-text.ts), for
 * `.refine(...oneLine('Title'))`: the client's forms and the server refuse the same text.
 */
export const oneLine = (label: string) =>
  [(value: string) => isOneLineText(value), { message: `${label} ${ONE_LINE_MESSAGE}` }] as const;

/** `text` for a one-line field. */
export const oneLineText = (label: string, min: number, max: number) =>
  text(label, min, max).refine(...oneLine(label));

export const okResponse = z.object({ ok: z.literal(true) });

/** A route path naming a member. */
export const userIdParam = z.object({ userId: canonicalId('Invalid member id') });
/** The status filter of a moderation queue (reports, disputes): open entries unless asked otherwise. */
export const moderationQueueQuery = z
  .object({
    status: z.enum(['open', 'resolved'], { message: 'status must be open or resolved' }).default('open'),
  })
  .strict();
export type ModerationQueueStatus = z.output<typeof moderationQueueQuery>['status'];
/** A route that takes no query parameters (unknown ones are refused). */
export const emptyQuery = z.object({}).strict();
/** A POST that carries nothing: no body, or an empty object. */
export const emptyBody = z.object({}).strict().nullish();
