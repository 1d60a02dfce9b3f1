import type { User, UserSummary } from '../../../common/api/users';
import { lastInitial } from '../../../common/domain/display-name';
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
    townId: row.townId,
    bio: row.bio,
    preferredCategories: row.preferredCategories,
    preferredSizes: row.preferredSizes,
    createdAt: row.createdAt.toISOString(),
    holidayUntil: isAway(row.holidayUntil) ? (row.holidayUntil?.toISOString() ?? null) : null,
    onboardingPending: row.onboardingPending,
    locale: toLocale(row.locale),
  };
}

type SummaryRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'profileImageUrl'>;

/**
 * A member as others see them (beside listings, in reviews, messages, social and safety lists):
 * the first name and the last name's initial only ("Hugo S."), as on their public profile.
 */
export function presentUserSummary(row: SummaryRow): UserSummary {
  return { ...presentTradePartner(row), lastName: lastInitial(row.lastName) };
}

/**
 * A member as their trade partner sees them, in the answers about a trade, a ring or its dispute
 * (read only by its parties and moderators): the full name, which the swap's shipping needs.
 */
export function presentTradePartner(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
  };
}
