import type { ServiceContext } from '../../lib/service-context';
import { notifyTermsChanged } from './trade-terms';
import {
  closePendingBetween,
  closePendingForItem,
  closePendingForRing,
  closePendingOfMember,
} from './trade-reactions.service';

/**
 * An item leaving the marketplace, or a block, ends pending requests atomically with it; a change
 * to an item's deal fields tells the other party of each pending request on it.
 */
export function registerTradesListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('item.withdrawn', (event, tx, effects) =>
    closePendingForItem(ctx, tx, effects, event.memberId, event.itemId),
  );
  ctx.events.inTransaction('account.deleted', async (event, tx, effects) => {
    for (const itemId of event.itemIds) await closePendingForItem(ctx, tx, effects, event.memberId, itemId);
  });
  // A block ends every pending request between the two members, both ways.
  ctx.events.inTransaction('member.blocked', (event, tx, effects) =>
    closePendingBetween(ctx, tx, effects, event.memberId, event.blockedId),
  );
  // A suspended member's pending requests, sent and received, end with the suspension.
  ctx.events.inTransaction('member.suspended', (event, tx, effects) =>
    closePendingOfMember(ctx, tx, effects, event.memberId),
  );
  // A ring every member accepted reserves its items: pending requests on them end with it.
  ctx.events.inTransaction('ring.accepted', (event, tx, effects) =>
    closePendingForRing(ctx, tx, effects, event),
  );
  ctx.events.inTransaction('item.terms-changed', (event, tx, effects) =>
    notifyTermsChanged(tx, effects, event),
  );
}
