import { z } from 'zod';

/** Body of every 4xx/5xx answer (docs/product.md § API conventions). */
export const errorResponse = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
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
