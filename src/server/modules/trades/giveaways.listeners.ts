import { text } from '../../lib/i18n';
import type { ServiceContext } from '../../lib/service-context';
import { closeAsksBetween, closeAsksOf, declineOpenAsks } from './giveaways.service';

/**
 * Open giveaway asks end with what ends the giveaway, in the same transaction: the item reserved by
 * an accepted trade or swap ring (a pick declines the others itself), withdrawn or deleted; asks
 * between two members who block each other, and a suspended member's own asks, end quietly.
 */
export function registerGiveawaysListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('items.availability-changed', (event, tx, effects) =>
    event.availability === 'reserved'
      ? declineOpenAsks(tx, effects, event.itemIds, text('notifications:giveaways.declined.another'))
      : Promise.resolve(),
  );
  ctx.events.inTransaction('item.withdrawn', (event, tx, effects) =>
    declineOpenAsks(tx, effects, [event.itemId], text('notifications:giveaways.declined.withdrawn')),
  );
  ctx.events.inTransaction('account.deleted', async (event, tx, effects) => {
    await declineOpenAsks(tx, effects, event.itemIds, text('notifications:giveaways.declined.withdrawn'));
    await closeAsksOf(tx, event.memberId);
  });
  ctx.events.inTransaction('member.blocked', (event, tx) =>
    closeAsksBetween(tx, event.memberId, event.blockedId),
  );
  ctx.events.inTransaction('member.suspended', (event, tx) => closeAsksOf(tx, event.memberId));
}
