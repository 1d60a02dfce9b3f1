import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect';
import { images } from '../../db/schema';

/** The ids behind `/images/{id}` URLs that this member uploaded; used to validate an item's photos. */
export async function ownedImageIds(db: Queryable, memberId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.userId, memberId), inArray(images.id, ids)));
  return new Set(rows.map((row) => row.id));
}
