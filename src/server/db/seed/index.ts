import { count } from 'drizzle-orm';
import type { Db } from '../connect';
import { users } from '../schema';
import { hashPassword } from '../../lib/password';
import { ensureArtPool, seedItems, type SeedOwner } from './items';
import { buildMembers, DEMO_PASSWORD } from './members';
import { createRandom } from './random';

export const DEMO_MEMBER_COUNT = 36;

/**
 * Seeds the demo community into an empty database: members, their listings with photos, and
 * favourites. A database with members is left alone.
 */
export async function seedDemo(db: Db, log: (message: string) => void = () => undefined) {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  const started = Date.now();
  const random = createRandom(20261120);
  // One hash for every demo account keeps seeding fast; they share the documented demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const members = buildMembers(random, DEMO_MEMBER_COUNT);
  // Photos are rendered before the transaction, so that it stays short; they are shared and reusable.
  await ensureArtPool(db);
  const start = Date.now() - 400 * 24 * 3600 * 1000;
  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        members.map((member, index) => ({
          email: member.email,
          passwordHash,
          firstName: member.firstName,
          lastName: member.lastName,
          bio: member.bio,
          preferredCategories: member.preferredCategories,
          preferredSizes: member.preferredSizes,
          createdAt: new Date(start + index * 8 * 24 * 3600 * 1000),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
    const owners: SeedOwner[] = members.map((member) => ({
      id: idByEmail.get(member.email) ?? '',
      city: member.city,
    }));
    return seedItems(tx, random, owners);
  });
  log(
    `Seeded ${members.length} demo members, ${seeded.items} items and ${seeded.favorites} favourites in ${Date.now() - started} ms`,
  );
  return true;
}
