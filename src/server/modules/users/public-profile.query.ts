import { eq } from 'drizzle-orm';
import type { PublicProfile } from '../../../common/api/users';
import { publicName } from '../../../common/domain/display-name';
import { isAway } from '../../../common/domain/holiday';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { ratingSummary } from '../reviews';
import { memberReliability } from '../trades';

/**
 * A read that gathers what three modules own (the member, their rating, their reliability); it
 * writes nothing, so it is a query rather than a service and may call the other modules' reads.
 *
 * What anyone, visitors included, may read about a member (docs/product.md, Profiles): the
 * public name, photo, bio, location, sign-up date, holiday return and trading record. Nothing
 * private: no email, no full last name, no preferences.
 */
export async function publicProfile(ctx: ServiceContext, userId: string): Promise<PublicProfile> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      bio: users.bio,
      location: users.location,
      createdAt: users.createdAt,
      holidayUntil: users.holidayUntil,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('members.not_found');
  const [rating, record] = await Promise.all([ratingSummary(ctx, userId), memberReliability(ctx, userId)]);
  return {
    id: row.id,
    displayName: publicName(row),
    firstName: row.firstName,
    profileImageUrl: row.profileImageUrl,
    bio: row.bio?.trim() || null,
    location: row.location,
    memberSince: row.createdAt.toISOString(),
    awayUntil: isAway(row.holidayUntil) ? (row.holidayUntil?.toISOString() ?? null) : null,
    completedSwaps: record.completedTrades,
    averageRating: rating.totalReviews > 0 ? Number(rating.averageRating) : null,
    reviewCount: rating.totalReviews,
    isNew: record.isNew && rating.totalReviews === 0,
  };
}
