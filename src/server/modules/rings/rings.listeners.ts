import { and, eq, inArray, isNull } from 'drizzle-orm';
import { items, ringLegs, rings } from '../../db/schema';
import type { RingTimers } from '../../env';
import type { ServiceContext } from '../../lib/service-context';
import { text, type TextRef } from '../../lib/i18n';
import { transact } from '../../lib/unit-of-work';
import { proposeRingsAround } from './rings.proposer';
import { dissolveRing, lockRing } from './rings.service';

/** The member's items that could be given in a ring: the focus of an incremental pass. */
async function memberItemIds(ctx: ServiceContext, memberId: string) {
  const rows = await ctx.db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.userId, memberId), eq(items.isActive, true), isNull(items.deletedAt)));
  return rows.map((row) => row.id);
}

/**
 * Proposed rings holding these items, dissolved one transaction each after the change committed
 * (locking the rings' other items inside the change could deadlock with trades).
 */
async function dissolveProposalsWith(ctx: ServiceContext, itemIds: string[], message: TextRef) {
  if (itemIds.length === 0) return;
  const open = await ctx.db
    .selectDistinct({ id: ringLegs.ringId })
    .from(ringLegs)
    .innerJoin(rings, eq(rings.id, ringLegs.ringId))
    .where(and(inArray(ringLegs.itemId, itemIds), eq(ringLegs.open, true), eq(rings.status, 'proposed')));
  for (const { id } of open) {
    await transact(ctx, async (tx, effects) => {
      const locked = await lockRing(tx, id, null);
      if (locked.ring.status !== 'proposed') return;
      await dissolveRing(tx, effects, locked, 'cancelled', null, message, new Date());
    });
  }
}

/**
 * The incremental engine: a new listing, a changed rule or a new favourite may close rings, which
 * are proposed at once; an item leaving the marketplace or a block dissolves the proposals it breaks.
 */
export function registerRingsListeners(ctx: ServiceContext, timers: RingTimers) {
  ctx.events.afterCommit('item.listed', async (event) => {
    await proposeRingsAround(ctx, timers, new Date(), [event.itemId]);
  });
  ctx.events.afterCommit('swap-rules.changed', async (event) => {
    await proposeRingsAround(ctx, timers, new Date(), await memberItemIds(ctx, event.memberId));
  });
  ctx.events.afterCommit('favorite.added', async (event) => {
    await proposeRingsAround(ctx, timers, new Date(), await memberItemIds(ctx, event.memberId));
  });
  const gone = text('notifications:rings.itemWithdrawn.message');
  ctx.events.afterCommit('item.withdrawn', (event) => dissolveProposalsWith(ctx, [event.itemId], gone));
  ctx.events.afterCommit('account.deleted', (event) => dissolveProposalsWith(ctx, event.itemIds, gone));
  // A giveaway given to one of its askers is no longer free to start a chain.
  ctx.events.afterCommit('giveaway.picked', (event) =>
    dissolveProposalsWith(ctx, [event.itemId], text('notifications:rings.itemGone.message')),
  );
  ctx.events.afterCommit('member.blocked', async (event) => {
    const theirs = await ctx.db
      .select({ ringId: ringLegs.ringId, giverId: ringLegs.giverId, itemId: ringLegs.itemId })
      .from(ringLegs)
      .where(and(eq(ringLegs.open, true), inArray(ringLegs.giverId, [event.memberId, event.blockedId])));
    const shared = theirs.filter((leg) =>
      theirs.some((other) => other.ringId === leg.ringId && other.giverId !== leg.giverId),
    );
    await dissolveProposalsWith(
      ctx,
      shared.map((leg) => leg.itemId),
      text('notifications:rings.blocked.message'),
    );
  });
}
