import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { RatingSummary, Review, ReviewInput } from '../../../common/api/reviews';
import { NOTIFICATION_LINKS } from '../../../common/domain/notification-links';
import { REVIEW_BLIND_PERIOD_MS } from '../../../common/domain/trade-state';
import type { Db, Queryable, Tx } from '../../db/connect';
import { reviews, ringLegs, rings, tradeRequests, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { text } from '../../lib/i18n';
import { transact } from '../../lib/unit-of-work';
import { presentUserSummary } from '../users';

/** Within this many days, one partner's reviews of a member count once in the member's rating. */
export const RATING_PARTNER_WINDOW_DAYS = 90;

/**
 * Whether a published review counts in its reviewee's rating: it does unless the same reviewer
 * published one of the same member in the RATING_PARTNER_WINDOW_DAYS before it, so that two
 * members trading back and forth cannot pump each other's rating.
 */
const countsInRating = sql`${reviews.publishedAt} is not null and not exists (
  select 1 from ${reviews} as earlier
  where earlier.reviewee_id = ${reviews.revieweeId}
    and earlier.reviewer_id = ${reviews.reviewerId}
    and earlier.published_at is not null
    and earlier.created_at < ${reviews.createdAt}
    and earlier.created_at > ${reviews.createdAt} - make_interval(days => ${RATING_PARTNER_WINDOW_DAYS})
)`;

/** Keeps users.rating_average and rating_count equal to their reviews that count (countsInRating). */
async function recomputeRatings(tx: Queryable, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    update ${users} set
      rating_average = (select avg(${reviews.rating})::real from ${reviews} where ${reviews.revieweeId} = ${users.id} and ${countsInRating}),
      rating_count = (select count(*)::int from ${reviews} where ${reviews.revieweeId} = ${users.id} and ${countsInRating})
    where ${inArray(users.id, [...new Set(userIds)])}`);
}

/** Publishes reviews whose trade or ring completed more than the blind period ago. Cheap: a partial index. */
export async function publishDueReviews(db: Queryable) {
  const cutoff = new Date(Date.now() - REVIEW_BLIND_PERIOD_MS);
  const due = await db
    .update(reviews)
    .set({ publishedAt: new Date() })
    .where(
      and(
        isNull(reviews.publishedAt),
        or(
          sql`${reviews.tradeRequestId} in (select ${tradeRequests.id} from ${tradeRequests} where ${tradeRequests.completedAt} < ${cutoff})`,
          sql`${reviews.ringId} in (select ${rings.id} from ${rings} where ${rings.completedAt} < ${cutoff})`,
        ),
      ),
    )
    .returning({ revieweeId: reviews.revieweeId });
  await recomputeRatings(
    db,
    due.map((row) => row.revieweeId),
  );
}

/**
 * What a review is about, read under the subject's row lock (so that of two last reviews, one sees
 * the other and publishes both): a trade, whose other party is reviewed, or a swap ring, where each
 * member reviews the one they received from. Only parties see it; others get the 404 of an unknown id.
 */
async function reviewSubject(tx: Tx, memberId: string, input: ReviewInput) {
  if (input.ringId) {
    const [ring] = await tx.select().from(rings).where(eq(rings.id, input.ringId)).for('update');
    const legs = ring ? await tx.select().from(ringLegs).where(eq(ringLegs.ringId, ring.id)) : [];
    const received = legs.find((leg) => leg.receiverId === memberId);
    if (!ring || !received) throw notFound('rings.not_found');
    if (ring.status !== 'completed') throw conflict('reviews.ring_not_completed');
    return {
      key: { ringId: ring.id },
      where: eq(reviews.ringId, ring.id),
      revieweeId: received.giverId,
      parties: legs.length,
      what: 'swap ring',
      kind: 'ring' as const,
      visibility: 'once every member of the ring has reviewed, or after 7 days',
    };
  }
  const [trade] = await tx
    .select()
    .from(tradeRequests)
    .where(eq(tradeRequests.id, input.tradeRequestId ?? ''))
    .for('update');
  if (!trade || (trade.requesterId !== memberId && trade.ownerId !== memberId))
    throw notFound('reviews.trade_not_found');
  if (trade.status !== 'completed') throw conflict('reviews.trade_not_completed');
  return {
    key: { tradeRequestId: trade.id },
    where: eq(reviews.tradeRequestId, trade.id),
    revieweeId: trade.requesterId === memberId ? trade.ownerId : trade.requesterId,
    parties: 2,
    what: 'trade',
    kind: 'trade' as const,
    visibility: 'once you have reviewed them too, or after 7 days',
  };
}

export async function createReview(ctx: ServiceContext, memberId: string, input: ReviewInput) {
  await transact(ctx, async (tx, effects) => {
    const subject = await reviewSubject(tx, memberId, input);
    const [created] = await tx
      .insert(reviews)
      .values({
        ...subject.key,
        reviewerId: memberId,
        revieweeId: subject.revieweeId,
        rating: input.rating,
        communicationRating: input.communicationRating,
        itemConditionAccurate: input.itemConditionAccurate,
        comment: input.comment ?? '',
      })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw conflict(
        subject.what === 'trade' ? 'reviews.already_reviewed_trade' : 'reviews.already_reviewed_ring',
      );
    // Blind reviews: all become visible once every party has written theirs.
    const written = await tx.select({ id: reviews.id }).from(reviews).where(subject.where);
    const all =
      written.length === subject.parties
        ? await tx
            .update(reviews)
            .set({ publishedAt: new Date() })
            .where(and(subject.where, isNull(reviews.publishedAt)))
            .returning({ revieweeId: reviews.revieweeId })
        : [];
    await recomputeRatings(
      tx,
      all.map((row) => row.revieweeId),
    );
    const [reviewer] = await tx
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, memberId));
    effects.notify({
      userId: subject.revieweeId,
      type: 'other',
      title: text('notifications:reviews.new.title'),
      // Published now (the member had reviewed already, or was the last of the ring): says so.
      message: text(`notifications:reviews.new.${subject.kind}${all.length > 0 ? 'Published' : ''}`, {
        name: reviewer?.firstName ?? text('notifications:reviews.new.yourPartner'),
      }),
      link: NOTIFICATION_LINKS.reviews,
    });
  });
}

async function requireMember(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('members.not_found');
}

export async function ratingSummary(ctx: ServiceContext, userId: string): Promise<RatingSummary> {
  await requireMember(ctx.db, userId);
  await publishDueReviews(ctx.db);
  const [row] = await ctx.db
    .select({
      average: sql<number | null>`avg(${reviews.rating})::float`,
      total: sql<number>`count(*)::int`,
      five: sql<number>`(count(*) filter (where ${reviews.rating} = 5))::int`,
      four: sql<number>`(count(*) filter (where ${reviews.rating} = 4))::int`,
      three: sql<number>`(count(*) filter (where ${reviews.rating} = 3))::int`,
      two: sql<number>`(count(*) filter (where ${reviews.rating} = 2))::int`,
      one: sql<number>`(count(*) filter (where ${reviews.rating} = 1))::int`,
      partners: sql<number>`count(distinct ${reviews.reviewerId})::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.revieweeId, userId), countsInRating));
  return {
    averageRating: (row?.average ?? 0).toFixed(1),
    totalReviews: row?.total ?? 0,
    fiveStarCount: row?.five ?? 0,
    fourStarCount: row?.four ?? 0,
    threeStarCount: row?.three ?? 0,
    twoStarCount: row?.two ?? 0,
    oneStarCount: row?.one ?? 0,
    partnerCount: row?.partners ?? 0,
  };
}

export async function listReviews(
  ctx: ServiceContext,
  userId: string,
  limit: number,
  offset: number,
): Promise<Review[]> {
  await requireMember(ctx.db, userId);
  await publishDueReviews(ctx.db);
  const rows = await ctx.db
    .select({
      review: reviews,
      reviewer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.reviewerId))
    .where(and(eq(reviews.revieweeId, userId), isNotNull(reviews.publishedAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ review, reviewer }) => ({
    id: review.id,
    rating: review.rating,
    communicationRating: review.communicationRating,
    tradeCompleted: review.tradeCompleted,
    itemConditionAccurate: review.itemConditionAccurate,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
    reviewer: reviewer?.id ? presentUserSummary(reviewer) : null,
  }));
}
