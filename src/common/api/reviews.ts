import { z } from 'zod';
import { canonicalId, pageLimit } from './common';
import { userSummary } from './users';
import { MAX_REVIEW_COMMENT_LENGTH } from '../domain/limits';

const stars = (label: string) =>
  z
    .number({ message: `${label} must be a number from 1 to 5` })
    .int({ message: `${label} must be a whole number from 1 to 5` })
    .min(1, { message: `${label} must be a number from 1 to 5` })
    .max(5, { message: `${label} must be a number from 1 to 5` });

/** A review of the other party of a completed trade, or of the member one received from in a completed ring. */
export const reviewInput = z
  .object({
    tradeRequestId: canonicalId('tradeRequestId must be a trade id').optional(),
    ringId: canonicalId('ringId must be a swap ring id').optional(),
    rating: stars('rating'),
    communicationRating: stars('communicationRating'),
    itemConditionAccurate: z.boolean({ message: 'itemConditionAccurate must be true or false' }),
    comment: z
      .string({ message: 'comment must be text' })
      .trim()
      .max(MAX_REVIEW_COMMENT_LENGTH, {
        message: `The comment must be at most ${MAX_REVIEW_COMMENT_LENGTH} characters`,
      })
      .default(''),
  })
  .strict()
  .refine((input) => (input.tradeRequestId === undefined) !== (input.ringId === undefined), {
    message: 'Give either tradeRequestId or ringId',
  });
export type ReviewInput = z.input<typeof reviewInput>;

export const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  communicationRating: z.number().int(),
  tradeCompleted: z.boolean(),
  itemConditionAccurate: z.boolean(),
  comment: z.string(),
  createdAt: z.string(),
  /** Null when the reviewer's account is gone; the client shows 'Anonymous'. */
  reviewer: userSummary.nullable(),
});
export type Review = z.infer<typeof review>;

export const ratingSummary = z.object({
  /** A numeric string with one decimal, e.g. "4.5"; "0.0" without reviews. */
  averageRating: z.string(),
  totalReviews: z.number().int(),
  fiveStarCount: z.number().int(),
  fourStarCount: z.number().int(),
  threeStarCount: z.number().int(),
  twoStarCount: z.number().int(),
  oneStarCount: z.number().int(),
  /** How many different trade partners the counted reviews come from. */
  partnerCount: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const reviewListQuery = z
  .object({
    limit: pageLimit(100, 100),
    offset: z.coerce
      .number({ message: 'offset must be a number' })
      .int({ message: 'offset must be a whole number' })
      .min(0, { message: 'offset must be at least 0' })
      .default(0),
  })
  .strict();
