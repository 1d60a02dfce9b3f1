import { createHash } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import {
  type DealField,
  dealTerms,
  describeChangedFields,
  diffTerms,
  type ItemTerms,
} from '../../../common/domain/trade-terms';
import { NOTIFICATION_LINKS } from '../../../common/domain/notification-links';
import type { Tx } from '../../db/connect';
import { items, tradeRequests } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';
import { conflict } from '../../lib/errors';

type ItemRow = typeof items.$inferSelect;
type TradeRow = typeof tradeRequests.$inferSelect;

export const ITEM_CHANGED_MESSAGE = 'The item changed; review it again';

/**
 * A short fingerprint of both items' live terms. The client sends back the one it showed when the
 * owner accepts, so that an edit landing between the dialog and the accept is never accepted unseen.
 */
export function termsVersion(requested: ItemTerms, offered: ItemTerms): string {
  return createHash('sha256')
    .update(JSON.stringify([dealTerms(requested), dealTerms(offered)]))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The terms an accept agrees to: the items as they are now, with both rows locked. The owner must
 * have seen them: either the version they were shown matches, or, when they send none, nothing
 * changed since the request. Otherwise 409, and the client shows the request again.
 */
export function termsToAccept(
  trade: TradeRow,
  requested: ItemRow,
  offered: ItemRow,
  seenVersion: string | undefined,
): { requestedTerms: ItemTerms; offeredTerms: ItemTerms } {
  const requestedTerms = dealTerms(requested);
  const offeredTerms = dealTerms(offered);
  const seen =
    seenVersion === undefined
      ? diffTerms(trade.requestedTerms, requestedTerms).length === 0 &&
        diffTerms(trade.offeredTerms, offeredTerms).length === 0
      : seenVersion === termsVersion(requestedTerms, offeredTerms);
  if (!seen) throw conflict(ITEM_CHANGED_MESSAGE);
  return { requestedTerms, offeredTerms };
}

/**
 * An item's deal fields changed: the other party of each pending request on it is told once per
 * change (however many fields changed), and the request shows the difference from its terms.
 */
export async function notifyTermsChanged(
  tx: Tx,
  effects: Effects,
  event: { itemId: string; memberId: string; fields: DealField[] },
) {
  const pending = await tx
    .select({
      requesterId: tradeRequests.requesterId,
      ownerId: tradeRequests.ownerId,
    })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.status, 'pending'),
        or(eq(tradeRequests.requestedItemId, event.itemId), eq(tradeRequests.offeredItemId, event.itemId)),
      ),
    );
  const counterparties = new Set(
    pending.map((trade) => (trade.requesterId === event.memberId ? trade.ownerId : trade.requesterId)),
  );
  if (counterparties.size === 0) return;
  const [item] = await tx.select({ title: items.title }).from(items).where(eq(items.id, event.itemId));
  const changed = describeChangedFields(event.fields);
  effects.notify(
    ...[...counterparties].map((userId) => ({
      userId,
      type: 'trade_request' as const,
      title: 'An item in your barter request changed',
      message: `"${item?.title ?? 'An item'}" changed (${changed}) while your request is pending. Review the request: accepting it means accepting the item as it is now.`,
      link: NOTIFICATION_LINKS.barters,
    })),
  );
}
