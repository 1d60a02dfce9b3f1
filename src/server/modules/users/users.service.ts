import { eq } from 'drizzle-orm';
import type { PreferencesInput } from '../../../common/api/users';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { presentUser } from './users.presenter';

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
  const [row] =
    Object.keys(changes).length === 0
      ? await ctx.db.select().from(users).where(eq(users.id, memberId))
      : await ctx.db.update(users).set(changes).where(eq(users.id, memberId)).returning();
  if (!row) throw notFound('Member not found');
  return presentUser(row);
}
