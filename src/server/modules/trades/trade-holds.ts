import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Queryable } from '../../db/connect';
import { items, ringLegs, rings, tradeRequests } from '../../db/schema';
import { COMMITTED_RING_STATUSES } from '../../../common/domain/ring-state';
import { touchesItems } from './trade-sides';

/**
 * What a write on a member's items must know about trades: plain queries on the items and trades
 * tables, so that the items and account modules need not import the trades service. Callers lock
 * the items first and check after: every accept locks both its items (in id order) before it
 * changes anything, so no accept can slip in between the check and the write.
 */

/** Locks these items, or every item of one member that is not deleted, in id order (the order every trade transaction uses). */
export function lockItemsForUpdate(tx: Queryable, target: { ids: string[] } | { memberId: string }) {
  const where =
    'ids' in target
      ? inArray(items.id, target.ids)
      : and(eq(items.userId, target.memberId), isNull(items.deletedAt));
  return tx.select().from(items).where(where).orderBy(items.id).for('update');
}

/** Whether any of these items is in a swap ring every member accepted (under dispute or not). */
async function inAcceptedRing(tx: Queryable, where: { itemIds: string[] } | { memberId: string }) {
  const [row] = await tx
    .select({ id: rings.id })
    .from(ringLegs)
    .innerJoin(rings, eq(rings.id, ringLegs.ringId))
    .where(
      and(
        inArray(rings.status, COMMITTED_RING_STATUSES),
        'itemIds' in where
          ? inArray(ringLegs.itemId, where.itemIds)
          : or(eq(ringLegs.giverId, where.memberId), eq(ringLegs.receiverId, where.memberId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether any of these items is in an accepted trade or an accepted swap ring. */
export async function inAcceptedTrade(tx: Queryable, itemIds: string[]) {
  if (itemIds.length === 0) return false;
  if (await inAcceptedRing(tx, { itemIds })) return true;
  const [row] = await tx
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(and(eq(tradeRequests.status, 'accepted'), touchesItems(itemIds)))
    .limit(1);
  return row !== undefined;
}

/** What keeps a member from leaving: an accepted trade or a committed swap ring they are part of. */
export interface AcceptedCommitment {
  kind: 'trade' | 'ring';
  id: string;
}

/**
 * The member's accepted trades and committed swap rings (each once), oldest ring and trade first:
 * what an account deletion names when it is refused.
 */
export async function memberAcceptedCommitments(
  tx: Queryable,
  memberId: string,
): Promise<AcceptedCommitment[]> {
  const ringRows = await tx
    .selectDistinct({ id: rings.id })
    .from(ringLegs)
    .innerJoin(rings, eq(rings.id, ringLegs.ringId))
    .where(
      and(
        inArray(rings.status, COMMITTED_RING_STATUSES),
        or(eq(ringLegs.giverId, memberId), eq(ringLegs.receiverId, memberId)),
      ),
    )
    .orderBy(rings.id)
    .limit(20);
  const tradeRows = await tx
    .select({ id: tradeRequests.id })
    .from(tradeRequests)
    .where(
      and(
        eq(tradeRequests.status, 'accepted'),
        or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId)),
      ),
    )
    .orderBy(tradeRequests.id)
    .limit(20);
  return [
    ...tradeRows.map((row) => ({ kind: 'trade' as const, id: row.id })),
    ...ringRows.map((row) => ({ kind: 'ring' as const, id: row.id })),
  ];
}

/** Whether the member is a party to an accepted trade or a member of an accepted swap ring. */
export async function memberInAcceptedTrade(tx: Queryable, memberId: string) {
  return (await memberAcceptedCommitments(tx, memberId)).length > 0;
}
