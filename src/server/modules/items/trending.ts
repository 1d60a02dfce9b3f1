import { eq, lt, sql } from 'drizzle-orm';
import { queryRows } from '../../db/connect';
import { itemViews, items } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import type { Sweep } from '../../lib/sweep';

/**
 * The 'trending' order (docs/product.md § Browse and search): activity of the last 7 days, each
 * member's view of an item once a day counting 1 and each favourite added counting 3. The score is
 * kept on the item (`items.trending_score`, indexed like the other orders): raised at once by a
 * favourite, and recomputed by the sweep (every SWEEP_INTERVAL_SECONDS) from the views and the
 * favourites of the last 7 days, so that new views count and older activity falls out.
 */
export const TRENDING_DAYS = 7;
export const FAVOURITE_WEIGHT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, as 'YYYY-MM-DD'. */
const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * A member opened an item's detail: one view per member, item and day. Owners' own views and views
 * of items off the marketplace do not count; an unknown item is a 404. The view waits in
 * `item_views` for the next recompute: writing the score now would empty every instance's
 * marketplace cache on each view.
 */
export async function recordView(ctx: ServiceContext, memberId: string, itemId: string, now = new Date()) {
  const [item] = await ctx.db
    .select({ userId: items.userId, isActive: items.isActive })
    .from(items)
    .where(eq(items.id, itemId))
    .limit(1);
  if (!item) throw notFound('items.not_found');
  if (!item.isActive || item.userId === memberId) return;
  await ctx.db
    .insert(itemViews)
    .values({ itemId, viewerId: memberId, day: utcDay(now) })
    .onConflictDoNothing();
}

/**
 * Recomputes the scores from the last 7 days' views and favourites, looking only at the items that
 * have a score or activity, and writes only those that changed (no write, no emptied marketplace
 * cache, when nothing did); then forgets views older than that.
 */
export async function refreshTrendingScores(ctx: ServiceContext, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - TRENDING_DAYS * DAY_MS);
  const firstDay = utcDay(new Date(now.getTime() - (TRENDING_DAYS - 1) * DAY_MS));
  const changes = await queryRows<{ id: string; score: number }>(
    ctx.db,
    sql`
    with activity as (
      select item_id, count(*) * ${FAVOURITE_WEIGHT} as points from favorites
      where created_at >= ${since.toISOString()}::timestamptz group by item_id
      union all
      select item_id, count(*) as points from item_views
      where day >= ${firstDay}::date group by item_id
    ),
    candidates as (
      select id, 0::bigint as points from items where trending_score > 0
      union all
      select item_id as id, points from activity
    ),
    scores as (select id, sum(points)::int as score from candidates group by id)
    select scores.id, scores.score from scores join items on items.id = scores.id
    where items.trending_score <> scores.score`,
  );
  for (let start = 0; start < changes.length; start += 1000) {
    const batch = changes.slice(start, start + 1000);
    const values = sql.join(
      batch.map((change) => sql`(${change.id}::uuid, ${change.score}::int)`),
      sql`, `,
    );
    await ctx.db.execute(
      sql`update items set trending_score = v.score from (values ${values}) as v(id, score) where items.id = v.id`,
    );
  }
  const oldest = utcDay(new Date(now.getTime() - TRENDING_DAYS * DAY_MS));
  await ctx.db.delete(itemViews).where(lt(itemViews.day, oldest));
}

export function registerTrendingSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('items.trending', (now) => refreshTrendingScores(ctx, now));
}

/** A favourite added now raises the item's score at once (the sweep recomputes it later anyway). */
export const favouriteAdded = sql`${items.trendingScore} + ${FAVOURITE_WEIGHT}`;

/** A favourite removed lowers it again when it was added within the window. */
export function favouriteRemoved(favouritedAt: Date, now = new Date()) {
  return now.getTime() - favouritedAt.getTime() < TRENDING_DAYS * DAY_MS
    ? sql`greatest(${items.trendingScore} - ${FAVOURITE_WEIGHT}, 0)`
    : sql`${items.trendingScore}`;
}
