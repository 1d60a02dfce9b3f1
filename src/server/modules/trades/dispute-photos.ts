import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect';
import { images } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/** A dispute's photos must be images its opener uploaded through /api/images (trades and rings). */
export async function assertOwnPhotos(tx: Queryable, memberId: string, photoIds: string[]) {
  if (photoIds.length === 0) return;
  const owned = await tx
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.userId, memberId), inArray(images.id, photoIds)));
  const mine = new Set(owned.map((row) => row.id));
  if (photoIds.some((id) => !mine.has(id))) throw badRequest('dispute.own_photos_only');
}
