import { desc, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TradeItemSummary } from '../../../common/api/trades';
import { items, tradeDisputes, users } from '../../db/schema';
import { presentTradePartner } from '../users';

/**
 * The moderation queue shows every dispute in a trade's shape: the disputed item is the "requested"
 * one and its giver the "owner"; the opener's own item is the "offered" one and the opener the
 * "requester". Trade and ring disputes join these aliases and select these columns.
 */
export const queueRequestedItem = alias(items, 'requested_item');
export const queueOfferedItem = alias(items, 'offered_item');
export const queueRequester = alias(users, 'requester');
export const queueOwner = alias(users, 'owner');

const itemColumns = (item: typeof queueRequestedItem | typeof queueOfferedItem) => ({
  id: item.id,
  title: item.title,
  images: item.images,
  estimatedValue: item.estimatedValue,
  condition: item.condition,
  category: item.category,
  brand: item.brand,
  size: item.size,
  userId: item.userId,
  isActive: item.isActive,
});
const userColumns = (user: typeof queueRequester | typeof queueOwner) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
});

/** The items and members of a queue row, for `select({ dispute, ..., ...disputeQueueColumns })`. */
export const disputeQueueColumns = {
  requestedItem: itemColumns(queueRequestedItem),
  offeredItem: itemColumns(queueOfferedItem),
  requester: userColumns(queueRequester),
  owner: userColumns(queueOwner),
};

/** The two lists of the moderation queue. */
export type QueueStatus = 'open' | 'resolved';

/** Which disputes a queue lists and in what order: open ones oldest first, resolved ones latest first. */
export const queueFilter = (status: QueueStatus) =>
  status === 'open'
    ? { where: isNull(tradeDisputes.resolvedAt), orderBy: tradeDisputes.createdAt }
    : { where: isNotNull(tradeDisputes.resolvedAt), orderBy: desc(tradeDisputes.resolvedAt) };

/** A queue row's items and members (selected with disputeQueueColumns) as the queue shows them. */
export function presentQueueParties(row: {
  requestedItem: unknown;
  offeredItem: unknown;
  requester: Parameters<typeof presentTradePartner>[0];
  owner: Parameters<typeof presentTradePartner>[0];
}) {
  return {
    requestedItem: row.requestedItem as TradeItemSummary,
    // Null for a giveaway handover (its requester gives nothing).
    offeredItem: (row.offeredItem ?? null) as TradeItemSummary | null,
    requester: presentTradePartner(row.requester),
    owner: presentTradePartner(row.owner),
  };
}
