import type { User, UserSummary } from '../../../common/api/users';
import { isAway } from '../../../common/domain/holiday';
import { toLocale } from '../../../common/domain/locales';
import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** The only way a user row leaves the server: the spec's fields, never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    location: row.location,
    bio: row.bio,
    preferredCategories: row.preferredCategories,
    preferredSizes: row.preferredSizes,
    createdAt: row.createdAt.toISOString(),
    holidayUntil: isAway(row.holidayUntil) ? (row.holidayUntil?.toISOString() ?? null) : null,
    onboardingPending: row.onboardingPending,
    locale: toLocale(row.locale),
  };
}

export function presentUserSummary(
  row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'>,
): UserSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
  };
}
