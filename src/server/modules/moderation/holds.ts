import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connect';
import { items } from '../../db/schema';
import type { Effects } from '../../lib/domain-events';

/**
 * Moderation holds on listings (schema.ts, items.removed_at and the columns after it). An item under
 * any hold is out of the marketplace (`is_active` false), so that every public read, which already
 * shows listed items only, leaves it out with no change of its own; the database's change triggers
 * invalidate the marketplace cache as for any unlisting.
 */
type Hold =
  | { removedAt: Date; removalReason: string; removalNote: string | null }
  | { reportHiddenAt: Date }
  | { heldBySuspension: true };

const NO_HOLD = sql`${items.removedAt} is null and ${items.reportHiddenAt} is null and not ${items.heldBySuspension}`;

/**
 * Puts a hold on the (undeleted) items `where` selects: they leave the marketplace; the pending
 * requests and ring proposals of those that were listed close (the `item.withdrawn` listeners).
 */
export async function holdItems(tx: Tx, effects: Effects, where: SQL, hold: Hold) {
  const locked = await tx
    .select({
      id: items.id,
      userId: items.userId,
      isActive: items.isActive,
      listedBeforeHold: items.listedBeforeHold,
    })
    .from(items)
    .where(and(where, isNull(items.deletedAt)))
    .orderBy(asc(items.id))
    .for('update');
  if (locked.length === 0) return [];
  await tx
    .update(items)
    .set({
      ...(hold as Partial<typeof items.$inferInsert>),
      listedBeforeHold: sql`coalesce(${items.listedBeforeHold}, ${items.isActive})`,
      isActive: false,
      updatedAt: new Date(),
    })
    .where(
      inArray(
        items.id,
        locked.map((row) => row.id),
      ),
    );
  for (const row of locked)
    if (row.isActive)
      await effects.emit('item.withdrawn', { itemId: row.id, memberId: row.userId, wasListed: true });
  return locked;
}

type Release = { removedAt: null } | { reportHiddenAt: null } | { heldBySuspension: false };

/**
 * Lifts one hold from the items `where` selects; those left with no hold go back to what their owner
 * had (listed or not), and the listed ones re-enter the marketplace (`item.listed`).
 */
export async function releaseItems(tx: Tx, effects: Effects, where: SQL, release: Release) {
  const changed = await tx
    .update(items)
    .set({
      ...release,
      ...('removedAt' in release ? { removalReason: null, removalNote: null } : {}),
      updatedAt: new Date(),
    })
    .where(where)
    .returning({ id: items.id });
  if (changed.length === 0) return;
  const relisted = await tx
    .update(items)
    .set({ isActive: sql`coalesce(${items.listedBeforeHold}, ${items.isActive})`, listedBeforeHold: null })
    .where(
      and(
        inArray(
          items.id,
          changed.map((row) => row.id),
        ),
        isNull(items.deletedAt),
        NO_HOLD,
      ),
    )
    .returning({ id: items.id, userId: items.userId, isActive: items.isActive });
  for (const row of relisted)
    if (row.isActive) await effects.emit('item.listed', { itemId: row.id, memberId: row.userId });
}

export const ownedBy = (memberId: string) => eq(items.userId, memberId);
