import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { items, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { isPublicItem } from '../../lib/item-visibility';
import { itemColumns, presentItem } from './items.presenter';
import { swappedFor } from './swapped-for';
import { distanceFrom } from './items.query';

async function loadItemRow(db: Db, id: string) {
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(eq(items.id, id))
    .limit(1);
  return row;
}

/**
 * An item by id. Deleted and unlisted items exist only for their owner (their trades keep their own
 * summaries); a traded item stays visible, as the record of a finished swap.
 */
export async function getItem(
  ctx: ServiceContext,
  memberId: string | undefined,
  id: string,
  /** A town a visitor picked; a member's own town is used otherwise. */
  near?: number,
) {
  const row = await loadItemRow(ctx.db, id);
  if (!row || (!isPublicItem(row.item) && row.item.userId !== memberId)) throw notFound('items.not_found');
  const item = { ...presentItem(row), distanceKm: await distanceToItem(ctx.db, id, memberId, near) };
  return row.item.availability === 'traded' ? { ...item, swappedFor: await swappedFor(ctx.db, id) } : item;
}

/** Whole kilometres from the viewer's town (or the `near` town) to the item owner's town; null when either is unknown. */
async function distanceToItem(
  db: Db,
  itemId: string,
  memberId: string | undefined,
  near: number | undefined,
) {
  const origin =
    near ??
    (memberId
      ? (await db.select({ townId: users.townId }).from(users).where(eq(users.id, memberId)))[0]?.townId
      : null);
  if (origin === null || origin === undefined) return null;
  const [row] = await db
    .select({ km: sql<number | null>`round(${distanceFrom(origin)})::int` })
    .from(items)
    .where(eq(items.id, itemId));
  return row?.km ?? null;
}

/** A member's items: all but deleted ones for the owner, listed ones for everybody else. */
export async function listUserItems(ctx: ServiceContext, memberId: string | undefined, userId: string) {
  const { db } = ctx;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw notFound('members.not_found');
  const visible = memberId === userId ? isNull(items.deletedAt) : eq(items.isActive, true);
  const rows = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .where(and(eq(items.userId, userId), visible))
    .orderBy(sql`${items.createdAt} desc`)
    .limit(500);
  return rows.map(presentItem);
}
