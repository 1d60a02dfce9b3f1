import { REVIEW_BLIND_PERIOD_MS } from '../../../common/domain/trade-state';
import type { reviews } from '../schema';
import { type Random, weighted } from './random';
import { DAY, HOUR, type Note, REVIEWS_LINK, type TradeRow } from './trade-plan';

export type ReviewRow = typeof reviews.$inferInsert & { createdAt: Date };

const RATINGS: ReadonlyArray<readonly [number, number]> = [
  [5, 52],
  [4, 31],
  [3, 12],
  [2, 4],
  [1, 1],
];

/** A comment, and what it says about the item's condition: as described (true), not (false), or nothing. */
type Comment = readonly [accurate: boolean | null, write: (item: string, partner: string) => string];

// prettier-ignore
const COMMENTS: Record<number, readonly Comment[]> = {
  5: [
    [true, (item) => `Smooth swap from start to finish. The ${item} arrived exactly as described and beautifully packed.`],
    [null, (item) => `Quick replies, fast shipping, and I love the ${item} even more in person. Would swap again!`],
    [null, (_, partner) => `Lovely to trade with: ${partner} sent tracking the same day.`],
    [true, () => 'Perfect trade. Great communication and the condition was spot on.'],
    [true, (_, partner) => `Everything was as promised. Highly recommend trading with ${partner}!`],
    [null, (item) => `Super friendly and reliable. Really happy with the ${item}!`],
    [null, () => 'Packed with care, with a handwritten note inside. Five stars!'],
    [true, (item) => `The ${item} arrived freshly cleaned and looking almost new. Thank you!`],
  ],
  4: [
    [null, (item) => `Good swap overall. Shipping took a few days longer than expected, but I'm happy with the ${item}.`],
    [false, (item) => `Nice trade. A little more wear on the ${item} than the photos showed, but nothing major.`],
    [null, (_, partner) => `${partner} was friendly and responsive. Would trade again.`],
    [true, () => 'Item as described; replies were a bit slow at times.'],
    [null, (item) => `Happy with the ${item}. Packaging could have been sturdier.`],
  ],
  3: [
    [null, () => 'The swap happened in the end, but it took a while to get replies.'],
    [false, (item) => `The ${item} came with some wear that wasn't mentioned in the listing.`],
    [null, () => 'Average experience: the parcel arrived, but it was poorly packed.'],
  ],
  2: [
    [false, (item) => `Shipping took almost two weeks and the ${item} had a mark that wasn't in the photos.`],
    [null, () => 'Hard to reach after we agreed the swap, and shipping took almost two weeks.'],
  ],
  1: [
    [false, () => 'The item was not as described and I had to chase every reply.'],
    [null, () => 'I had to chase every reply, and the parcel took weeks to arrive.'],
  ],
};

const CONDITION_ACCURATE: Record<number, number> = { 5: 1, 4: 0.92, 3: 0.55, 2: 0.2, 1: 0.05 };

/**
 * A believable review: mostly 4-5 stars, communication close to the rating, and a comment that fits
 * the rating and agrees with whether the item's condition was as described.
 */
export function reviewContent(
  random: Random,
  receivedTitle: string,
  partnerFirstName: string,
  rating?: number,
) {
  const stars = rating ?? weighted(random, RATINGS);
  const shift = weighted(random, [
    [0, 70],
    [-1, 18],
    [1, 12],
  ] as const);
  const itemConditionAccurate = random.chance(CONDITION_ACCURATE[stars] ?? 0.5);
  const comments = (COMMENTS[stars] ?? []).filter(
    ([accurate]) => accurate === null || accurate === itemConditionAccurate,
  );
  const comment = random.pick(comments);
  return {
    rating: stars,
    communicationRating: Math.min(5, Math.max(1, stars + shift)),
    itemConditionAccurate,
    comment: !comment || random.chance(0.08) ? '' : comment[1](receivedTitle, partnerFirstName),
  };
}

export interface ReviewOptions {
  /** Who has reviewed: both parties, nobody, or each with some probability ('auto'). */
  writers?: 'both' | 'none' | 'auto';
  /** Fixed ratings for the requester's and the owner's review. */
  ratings?: { requester?: number; owner?: number };
  /** Hours after completion each party wrote their review. */
  delays?: { requester?: number; owner?: number };
}

/**
 * The reviews of a completed trade (docs/product.md § Reviews), with the reviewee's "New review" notifications.
 * Reviews are blind: published when both parties have written theirs, or once the blind period after
 * completion has passed (when the app's `publishDueReviews` would have picked them up).
 */
export function planReviews(
  random: Random,
  trade: TradeRow,
  titles: { offered: string; requested: string },
  firstNameOf: (userId: string) => string,
  now: number,
  options: ReviewOptions = {},
): { reviews: ReviewRow[]; notes: Note[] } {
  const completedAt = trade.completedAt?.getTime();
  if (trade.status !== 'completed' || completedAt === undefined) return { reviews: [], notes: [] };
  const writers = options.writers ?? 'auto';
  const sides = [
    // The requester received the requested item; the owner received the offered one.
    {
      reviewerId: trade.requesterId,
      revieweeId: trade.ownerId,
      received: titles.requested,
      role: 'requester' as const,
    },
    {
      reviewerId: trade.ownerId,
      revieweeId: trade.requesterId,
      received: titles.offered,
      role: 'owner' as const,
    },
  ];
  const written = sides.flatMap((side) => {
    if (writers === 'none' || (writers === 'auto' && !random.chance(0.85))) return [];
    const delay = options.delays?.[side.role];
    const at =
      completedAt + (delay !== undefined ? delay * HOUR : 2 * HOUR + Math.floor(random.next() * 5 * DAY));
    if (at > now - 10 * 60 * 1000) return [];
    return [
      {
        ...side,
        at,
        content: reviewContent(
          random,
          side.received,
          firstNameOf(side.revieweeId),
          options.ratings?.[side.role],
        ),
      },
    ];
  });
  const both = written.length === 2;
  const lastWritten = Math.max(...written.map((review) => review.at));
  const dueAt = completedAt + REVIEW_BLIND_PERIOD_MS;
  const publishedAt = both
    ? lastWritten
    : dueAt <= now - HOUR
      ? Math.min(now - HOUR, dueAt + Math.floor(random.next() * 12 * HOUR))
      : undefined;
  return {
    reviews: written.map((review) => ({
      tradeRequestId: trade.id,
      reviewerId: review.reviewerId,
      revieweeId: review.revieweeId,
      ...review.content,
      tradeCompleted: true,
      createdAt: new Date(review.at),
      publishedAt: publishedAt === undefined ? null : new Date(Math.max(publishedAt, review.at)),
    })),
    notes: written.map((review) => ({
      userId: review.revieweeId,
      type: 'other',
      title: 'New review',
      message: `${firstNameOf(review.reviewerId)} reviewed your trade. It becomes visible once you have reviewed them too, or after 7 days.`,
      link: REVIEWS_LINK,
      at: review.at,
    })),
  };
}
