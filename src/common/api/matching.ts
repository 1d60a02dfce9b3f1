import { z } from 'zod';
import { canonicalId } from './common';
import { CONDITIONS, ITEM_CATEGORIES, STYLES } from '../domain/taxonomy';
import { item } from './items';
import { MAX_BRAND_LENGTH } from '../domain/limits';
import { MATCH_REASON_CODES } from '../domain/matching';

/** Why a match is suggested: a code and its values, worded by the client (`matching:reasons.*`). */
export const matchReason = z.object({
  code: z.enum(MATCH_REASON_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type MatchReasonAnswer = z.infer<typeof matchReason>;

export const smartMatches = z.object({
  matches: z.array(z.object({ item, overallScore: z.number(), reasoning: z.array(matchReason) })),
});
export type SmartMatches = z.infer<typeof smartMatches>;

export const barterMatch = z.object({
  item,
  /** Percent, 0..100. */
  score: z.number().int(),
  /** 0..1 */
  confidence: z.number(),
  tradeType: z.enum(['direct', 'one-way', 'ring']),
  explanations: z.array(matchReason),
  /** For a ring: the members and items in the chain, in trading order. */
  ring: z
    .array(
      z.object({
        userId: z.string(),
        firstName: z.string(),
        gives: z.object({ id: z.string(), title: z.string() }),
      }),
    )
    .optional(),
});
export type BarterMatch = z.infer<typeof barterMatch>;

export const valueEstimateQuery = z
  .object({
    category: z.enum(ITEM_CATEGORIES, { message: 'category must be clothing, shoes or accessories' }),
    style: z.enum(STYLES, { message: 'Unknown style' }).optional(),
    brand: z
      .string()
      .trim()
      .max(MAX_BRAND_LENGTH, { message: `brand must be at most ${MAX_BRAND_LENGTH} characters` })
      .optional(),
    condition: z.enum(CONDITIONS, { message: 'Unknown condition' }).optional(),
  })
  .strict();

export const valueEstimate = z.object({
  /** Integer cents; null when there is nothing comparable. */
  estimate: z.number().int().nullable(),
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
  /** How many comparable listings the estimate rests on. */
  basis: z.number().int(),
  /** Which comparables were used, most specific first. */
  comparedBy: z.array(z.string()),
});
export type ValueEstimate = z.infer<typeof valueEstimate>;

export const barterMatchesParams = z.object({ itemId: canonicalId('Invalid id') });
