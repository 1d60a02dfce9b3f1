import { eq } from 'drizzle-orm';
import { preferencesInput, user as userSchema } from '../../../common/api/users';
import type { AppInstance } from '../../app';
import { users } from '../../db/schema';
import { requireUser } from '../../lib/session';
import { presentUser } from './users.presenter';

export async function usersRoutes(app: AppInstance) {
  app.patch(
    '/api/users/preferences',
    { schema: { body: preferencesInput, response: { 200: userSchema } } },
    async (request) => {
      const member = await requireUser(request);
      const { bio, preferredCategories, preferredSizes } = request.body;
      const changes: Partial<typeof users.$inferInsert> = {};
      if (bio !== undefined) changes.bio = bio || null;
      if (preferredCategories !== undefined) changes.preferredCategories = [...new Set(preferredCategories)];
      if (preferredSizes !== undefined) {
        changes.preferredSizes = Object.fromEntries(
          Object.entries(preferredSizes).map(([category, sizes]) => [category, [...new Set(sizes)]]),
        );
      }
      if (Object.keys(changes).length === 0) return presentUser(member);
      const [updated] = await app.db.update(users).set(changes).where(eq(users.id, member.id)).returning();
      return presentUser(updated ?? member);
    },
  );
}
