import { and, lt, sql } from 'drizzle-orm';
import { images, itemDrafts, items, messages, tradeDisputes, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import type { Sweep } from '../../lib/sweep';

/** An upload not used by then is taken to be abandoned (the listing form was left, say). */
export const UNATTACHED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes photos that nothing uses (no item's or draft's photos, no member's profile photo, no
 * dispute's evidence, no chat photo) once they are a day old; answers how many went. One statement: the photos in use are collected once and the
 * rest is an anti-join, whatever the number of items. Meant for the periodic sweep runner.
 */
export async function sweepUnattachedImages({ db }: ServiceContext, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_IMAGE_TTL_MS);
  const deleted = await db
    .delete(images)
    .where(
      and(
        lt(images.createdAt, cutoff),
        sql`'/images/' || ${images.id}::text not in (
          select url from (
            select unnest(${items.images}) as url from ${items}
            union
            select unnest(${itemDrafts.images}) from ${itemDrafts}
            union
            select ${users.profileImageUrl} from ${users}
            union
            select '/images/' || unnest(${tradeDisputes.photoIds})::text from ${tradeDisputes}
            union
            select '/images/' || (${messages.payload}->>'imageId') from ${messages}
            where ${messages.messageType} = 'photo'
          ) as used
          where url is not null)`,
      ),
    )
    .returning({ id: images.id });
  return deleted.length;
}

export function registerImagesSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('images.unattached', async (now) => {
    await sweepUnattachedImages(ctx, now);
  });
}
