import { z } from 'zod';
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
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const idParam = z.object({ id: z.uuid({ message: 'Invalid id' }) });
export type IdParam = z.infer<typeof idParam>;

/** Trimmed string with a length range and a readable message naming the field. */
export function text(label: string, min: number, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .min(min, { message: min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters` })
    .max(max, { message: `${label} must be at most ${max} characters` });
}

export const okResponse = z.object({ ok: z.literal(true) });

/** A route path naming a member. */
export const userIdParam = z.object({ userId: z.uuid({ message: 'Invalid member id' }) });
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
