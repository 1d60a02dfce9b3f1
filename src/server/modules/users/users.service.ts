import { eq } from 'drizzle-orm';
import type { PreferencesInput, ProfileInput } from '../../../common/api/users';
import type { Locale } from '../../../common/domain/locales';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { presentUser } from './users.presenter';
import { checkTownId } from '../../lib/towns';

async function saveChanges(
  ctx: ServiceContext,
  memberId: string,
  changes: Partial<typeof users.$inferInsert>,
) {
  const [row] =
    Object.keys(changes).length === 0
      ? await ctx.db.select().from(users).where(eq(users.id, memberId))
      : await ctx.db.update(users).set(changes).where(eq(users.id, memberId)).returning();
  if (!row) throw notFound('members.not_found');
  return presentUser(row);
}

/** Changes only the fields sent; lists lose their duplicates. */
export async function updatePreferences(ctx: ServiceContext, memberId: string, input: PreferencesInput) {
  const { bio, preferredCategories, preferredSizes } = input;
  const changes: Partial<typeof users.$inferInsert> = {};
  if (bio !== undefined) changes.bio = bio || null;
  if (preferredCategories !== undefined) changes.preferredCategories = [...new Set(preferredCategories)];
  if (preferredSizes !== undefined) {
    changes.preferredSizes = Object.fromEntries(
      Object.entries(preferredSizes).map(([category, sizes]) => [category, [...new Set(sizes)]]),
    );
  }
  return saveChanges(ctx, memberId, changes);
}

/** The member's name and location; a field not sent is kept, a blank one cleared. */
export async function updateProfile(
  ctx: ServiceContext,
  memberId: string,
  input: { firstName: string; lastName?: string | null; location?: string | null; townId?: number | null },
) {
  const changes: Partial<typeof users.$inferInsert> = { firstName: input.firstName };
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.location !== undefined) changes.location = input.location;
  // A trigger moves the member's items to the new town (migrations 0051 and 0052).
  if (input.townId !== undefined) {
    if (input.townId !== null) await checkTownId(ctx.db, input.townId);
    changes.townId = input.townId;
  }
  return saveChanges(ctx, memberId, changes satisfies Partial<Record<keyof ProfileInput, unknown>>);
}

/**
 * Shows `url` (a square photo the member just uploaded, images module) as their profile photo. The
 * photo it replaces is used by nothing any more: the periodic sweep deletes it with the other
 * unused uploads.
 */
export function setProfilePhoto(ctx: ServiceContext, memberId: string, url: string) {
  return saveChanges(ctx, memberId, { profileImageUrl: url });
}

/** Back to initials; the photo goes with the periodic sweep of unused uploads. */
export function removeProfilePhoto(ctx: ServiceContext, memberId: string) {
  return saveChanges(ctx, memberId, { profileImageUrl: null });
}

/** The member finished or skipped the welcome flow: it does not show again (docs/product.md, Onboarding). */
export function finishOnboarding(ctx: ServiceContext, memberId: string) {
  return saveChanges(ctx, memberId, { onboardingPending: false });
}

/** The member's language ('en' or 'fr', checked by the contract). */
export function setLocale(ctx: ServiceContext, memberId: string, locale: Locale) {
  return saveChanges(ctx, memberId, { locale });
}
