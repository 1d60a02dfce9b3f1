import { z } from 'zod';
import { CONDITIONS } from '../domain/taxonomy';
import { TRADE_STATUSES } from '../domain/trade-state';
import { DEAL_FIELDS } from '../domain/trade-terms';
import { userSummary } from './users';

export const tradeItemSummary = z.object({
  id: z.string(),
  title: z.string(),
  images: z.array(z.string()),
  estimatedValue: z.number().int(),
  condition: z.enum(CONDITIONS),
  category: z.string(),
  brand: z.string().nullable(),
  size: z.string().nullable(),
  userId: z.string(),
  isActive: z.boolean(),
});
export type TradeItemSummary = z.infer<typeof tradeItemSummary>;

/** One deal field that differs between a request's terms and the live item. */
export const termsChange = z.object({
  field: z.enum(DEAL_FIELDS),
  before: z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
  after: z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
});

export const tradeRequest = z.object({
  id: z.string(),
  requestedItemId: z.string(),
  offeredItemId: z.string(),
  ownerUserId: z.string(),
  requesterId: z.string(),
  message: z.string(),
  status: z.enum(TRADE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  requesterReceived: z.boolean(),
  ownerReceived: z.boolean(),
  /** incoming: the member owns the requested item; outgoing: the member asked. */
  side: z.enum(['incoming', 'outgoing']),
  /** Both items as the terms hold them: taken when the request was made, and again at acceptance. */
  requestedItem: tradeItemSummary,
  offeredItem: tradeItemSummary,
  /**
   * While pending: how each live item differs from the terms, and the live item when it does
   * (null when unchanged). Accepting agrees to the live items.
   */
  requestedItemChanges: z.array(termsChange),
  offeredItemChanges: z.array(termsChange),
  requestedItemNow: tradeItemSummary.nullable(),
  offeredItemNow: tradeItemSummary.nullable(),
  /** The live items' fingerprint, sent back with an accept (tradeStatusInput.termsVersion). */
  termsVersion: z.string(),
  requester: userSummary,
  owner: userSummary,
  /** The member's own review of this trade, if any. */
  myReview: z.object({ rating: z.number().int() }).nullable(),
});
export type TradeRequest = z.infer<typeof tradeRequest>;

export const tradeRequestInput = z
  .object({
    requestedItemId: z.uuid({ message: 'requestedItemId must be an item id' }),
    offeredItemId: z.uuid({ message: 'Please select an item to offer for barter' }),
    message: z
      .string({ message: 'message must be text' })
      .trim()
      .max(1000, { message: 'The message must be at most 1000 characters' })
      .nullish(),
    /** Checked against the requested item's owner; never trusted (design §3). */
    ownerUserId: z.uuid({ message: 'ownerUserId must be a member id' }).nullish(),
  })
  .strict();
export type TradeRequestInput = z.input<typeof tradeRequestInput>;

export const tradeStatusInput = z
  .object({
    status: z.enum(['accepted', 'declined', 'cancelled'], {
      message: 'status must be accepted, declined or cancelled',
    }),
    /**
     * With an accept: the termsVersion of the trade the owner was shown. When the items changed
     * since, the accept answers 409 instead of agreeing to terms nobody saw.
     */
    termsVersion: z
      .string({ message: 'termsVersion must be text' })
      .max(64, { message: 'termsVersion must be at most 64 characters' })
      .optional(),
  })
  .strict();
export type TradeStatusInput = z.infer<typeof tradeStatusInput>;
