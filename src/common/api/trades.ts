import { z } from 'zod';
import { CONDITIONS } from '../domain/taxonomy';
import { TRADE_STATUSES } from '../domain/trade-state';
import { userSummary } from './users';
import { MAX_TRADE_MESSAGE_LENGTH } from '../domain/limits';

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
  requestedItem: tradeItemSummary,
  offeredItem: tradeItemSummary,
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
      .max(MAX_TRADE_MESSAGE_LENGTH, {
        message: `The message must be at most ${MAX_TRADE_MESSAGE_LENGTH} characters`,
      })
      .nullish(),
    /** Checked against the requested item's owner; never trusted (docs/product.md § API conventions). */
    ownerUserId: z.uuid({ message: 'ownerUserId must be a member id' }).nullish(),
  })
  .strict();
export type TradeRequestInput = z.input<typeof tradeRequestInput>;

export const tradeStatusInput = z
  .object({
    status: z.enum(['accepted', 'declined', 'cancelled'], {
      message: 'status must be accepted, declined or cancelled',
    }),
  })
  .strict();
export type TradeStatusInput = z.infer<typeof tradeStatusInput>;
