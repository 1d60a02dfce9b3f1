import { count } from 'drizzle-orm';
import type { Db } from '../connect';
import { users } from '../schema';
import { hashPassword } from '../../lib/password';
import { insertActivity, planActivity } from './activity';
import { artPoolUrls, ensureArtPool, insertCatalogue, planCatalogue, type SeedOwner } from './items';

export { onDemandArtPool } from './items';
import { buildMembers, DEMO_PASSWORD, memberRow } from './members';
import { insertNetwork } from './network';
import { createRandom } from './random';

export const DEMO_MEMBER_COUNT = 36;

export interface SeedDemoOptions {
  /**
   * 'render' (the default) renders and stores every photo before seeding. 'on-demand' stores none:
   * the items point at the pool's URLs all the same, and the server renders each photo when it is
   * first requested (`onDemandArtPool`), so a first start does not wait for 72 renders.
   */
  photos?: 'render' | 'on-demand';
}

/**
 * Seeds the demo community into an empty database: members, their listings with photos, favourites,
 * and their history: barters in every state, reviews, wishlists and notifications. A database with
 * members is left alone.
 */
export async function seedDemo(
  db: Db,
  log: (message: string) => void = () => undefined,
  options: SeedDemoOptions = {},
) {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  const started = Date.now();
  const now = Date.now();
  const random = createRandom(20261120);
  // One hash for every demo account keeps seeding fast; they share the documented demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const members = buildMembers(random, DEMO_MEMBER_COUNT);
  // Photos are rendered before the transaction, so that it stays short; they are shared and reusable.
  const photoUrls = options.photos === 'on-demand' ? artPoolUrls() : await ensureArtPool(db);
  const start = now - 400 * 24 * 3600 * 1000;
  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        members.map((member, index) =>
          memberRow(member, passwordHash, new Date(start + index * 8 * 24 * 3600 * 1000)),
        ),
      )
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
    const withIds = members.map((member) => ({ ...member, id: idByEmail.get(member.email) ?? '' }));
    const owners: SeedOwner[] = withIds.map((member) => ({ id: member.id, city: member.city }));
    const catalogue = planCatalogue(random, owners, photoUrls, now);
    // The history decides the items' availability, so it is planned before the items are written.
    const history = planActivity(random, withIds, catalogue.rows, catalogue.favorites, now);
    await insertCatalogue(tx, catalogue.rows, catalogue.favorites);
    await insertActivity(tx, history);
    const network = await insertNetwork(tx, random, withIds, catalogue.rows, now);
    return {
      friendships: network.friendships,
      conversations: network.conversations,
      items: catalogue.rows.length,
      favorites: catalogue.favorites.length,
      trades: history.trades.length,
      reviews: history.reviews.length,
      wishlists: history.wishlists.length,
      notifications: history.notifications.length,
    };
  });
  log(
    `Seeded ${members.length} demo members, ${seeded.items} items, ${seeded.favorites} favourites, ${seeded.trades} barters, ` +
      `${seeded.reviews} reviews, ${seeded.wishlists} wishlist entries, ${seeded.notifications} notifications, ` +
      `${seeded.friendships} friendships and ${seeded.conversations} conversations in ${Date.now() - started} ms`,
  );
  return true;
}
