import { count } from 'drizzle-orm';
import type { Db } from '../connect';
import { users } from '../schema';
import { hashPassword } from '../../lib/password';
import { buildMembers, DEMO_PASSWORD } from './members';
import { createRandom } from './random';

export const DEMO_MEMBER_COUNT = 36;

/** Seeds the demo community into an empty database; a database with members is left alone. */
export async function seedDemo(db: Db, log: (message: string) => void = () => undefined) {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  const random = createRandom(20261120);
  // One hash for every demo account keeps seeding fast; they share the documented demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const members = buildMembers(random, DEMO_MEMBER_COUNT);
  const start = Date.now() - 400 * 24 * 3600 * 1000;
  await db.insert(users).values(
    members.map((member, index) => ({
      email: member.email,
      passwordHash,
      firstName: member.firstName,
      lastName: member.lastName,
      bio: member.bio,
      preferredCategories: member.preferredCategories,
      preferredSizes: member.preferredSizes,
      createdAt: new Date(start + index * 9 * 24 * 3600 * 1000),
    })),
  );
  log(`Seeded ${members.length} demo members`);
  return true;
}
