import { z } from 'zod';
import { isOneLineText, ONE_LINE_MESSAGE } from '../domain/unsafe-text';
import { MAX_TITLE_LENGTH } from '../domain/limits';
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
  /**
   * What a refused action waits for (`auth.finish_trades_before_deletion`): each accepted trade
   * (/trades/{id}) or committed swap ring (/rings?ring={id}) the member must finish first.
   */
  blockers: z.array(z.object({ kind: z.enum(['trade', 'ring']), id: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * An id (a UUID) a client sends, read into its one canonical spelling: lower case, as PostgreSQL
 * prints a uuid and as the session's member id reads. PostgreSQL takes either case for the same id,
 * so a string comparison of a client's id with the session's ("not yourself") is only sound on this
 * form. Every id of the contract goes through here.
 */
export const canonicalId = (message: string) => z.uuid({ message }).toLowerCase();

/**
 * A keyset cursor: the last row's position, "<time in UTC to the microsecond>_<id>". Clients pass on
 * the `nextCursor` they were given; anything else (another form, a time that is no calendar time)
 * is refused by the contract with a 400.
 */
const KEYSET_CURSOR =
  /^([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CURSOR_MESSAGE = 'cursor must be the nextCursor of an earlier page';

/** A real calendar time: not 30 February, not 24:00. */
const isCalendarTime = (cursor: string) => {
  const time = KEYSET_CURSOR.exec(cursor)?.[1];
  const parsed = time ? Date.parse(`${time}Z`) : Number.NaN;
  return Number.isFinite(parsed) && new Date(parsed).toISOString().startsWith(time as string);
};

export const keysetCursor = () =>
  z
    .string({ message: CURSOR_MESSAGE })
    .regex(KEYSET_CURSOR, { message: CURSOR_MESSAGE })
    .refine(isCalendarTime, { message: CURSOR_MESSAGE });

/** A keyset cursor's two halves, as the contract checked them. */
export function splitCursor(cursor: string): { at: string; id: string } {
  const split = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, split), id: cursor.slice(split + 1) };
}

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

/** A list query's `limit` (a whole number from 1 to `max`, from the query string), `fallback` when absent. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be at least 1' })
    .max(max, { message: `limit must be at most ${max}` })
    .default(fallback);

/** The title of an item or a wishlist entry: required, one line, at most MAX_TITLE_LENGTH characters. */
export const titleText = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, { message: 'Title is required' })
  .max(MAX_TITLE_LENGTH, { message: `Title must be at most ${MAX_TITLE_LENGTH} characters` })
  .refine(...oneLine('Title'));
