import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import { type Database, queryRows } from '../connect';
import { favorites, items, reviews, tradeOffers, tradeRequestItems, tradeRequests, users } from '../schema';
import { foldSearchWordDeltas } from '../../modules/items';
import { recomputeRatings } from './activity';
import { ITEM_TEMPLATES } from './catalog';
import {
  buildItem,
  ensureArtPool,
  type FavoriteRow,
  type ItemContext,
  type ItemRow,
  type SeedOwner,
} from './items';
import { buildScaleMember, CITIES, DEMO_PASSWORD, memberRow, SCALE_EMAIL_DOMAIN } from './members';
import { createRandom, type Random } from './random';
import { planScaleTrades } from './scale-trades';
import { tradeSideRows } from './trade-plan';

export interface ScaleSeedOptions {
  users: number;
  items: number;
  /**
   * Trades among the new items, mostly settled (completed, declined, cancelled) and a few open
   * (pending, accepted); default items / 2. Each batch of items trades among itself.
   */
  trades?: number;
  /** Seed of the generator; runs with the same seed generate the same data (but new ids and emails). */
  seed: number;
  /** Rows per multi-row INSERT. 2,000 items use 42,000 parameters, below PostgreSQL's 65,535. */
  batchSize?: number;
  /**
   * Heavy-tailed popularity, as in a real market: templates (so categories, subcategories, brands,
   * genders and values) drawn with Zipf-like weights in a shuffled order, and a few members listing
   * most items. Default: every template and member equally likely.
   */
  heavyTail?: boolean;
  log?: (message: string) => void;
}

const DAY = 24 * 3600 * 1000;
/** Share of items that get favourites, and how many: about one favourite per five items. */
const FAVORITED_SHARE = 0.1;

/**
 * A draw from `list` where the rank-r entry (in a seeded shuffle of it) has weight 1 / r^0.9: a few
 * templates are everywhere, most are rare, as brands and categories are on a real market.
 */
function zipfPicker<T>(random: Random, list: readonly T[]): () => T {
  const order = random.sample(list, list.length);
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= order.length; rank += 1) {
    total += 1 / rank ** 0.9;
    cumulative.push(total);
  }
  return () => {
    const roll = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < roll) low = middle + 1;
      else high = middle;
    }
    return order[low] as T;
  };
}

/** The tables a scale seed writes, analysed once loaded (a planner without statistics plans blind). */
export const SCALE_TABLES = ['users', 'items', 'favorites', 'trade_requests', 'reviews'];

/** A member who lists items, with the first name that reviews of their trades call them by. */
type ScaleOwner = SeedOwner & { firstName: string };

/** The next free number for scale members' emails, so that every run adds new, unique accounts. */
async function nextMemberNumber(database: Database) {
  const suffix = `@${SCALE_EMAIL_DOMAIN}`;
  const [row] = await queryRows<{ last: number | null }>(
    database.db,
    sql`select max(substring(email from ${'\\.([0-9]+)' + suffix.replace(/\./g, '\\.') + '$'})::int) as last
        from ${users} where email like ${'%' + suffix}`,
  );
  return (row?.last ?? 0) + 1;
}

/** Runs `work` over the batches with up to `parallel` in flight (PostgreSQL pools; PGlite is serial anyway). */
async function inWaves(batches: number, parallel: number, work: (index: number) => Promise<void>) {
  for (let start = 0; start < batches; start += parallel) {
    const wave = [];
    for (let index = start; index < Math.min(batches, start + parallel); index += 1) wave.push(work(index));
    await Promise.all(wave);
  }
}

async function insertMembers(
  database: Database,
  random: Random,
  count: number,
  batchSize: number,
  log: (m: string) => void,
) {
  const first = await nextMemberNumber(database);
  // One hash for all of them: they share the documented demo password, and argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const owners: ScaleOwner[] = [];
  const started = Date.now();
  const now = Date.now();
  for (let start = 0; start < count; start += batchSize) {
    const members = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) =>
      buildScaleMember(random, first + start + offset),
    );
    const inserted = await database.db
      .insert(users)
      .values(
        members.map((member) =>
          // Joined 3 to 13 months ago: before any of the items they list.
          memberRow(member, passwordHash, new Date(now - 91 * DAY - Math.floor(random.next() * 300 * DAY))),
        ),
      )
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
    for (const member of members) {
      const id = idByEmail.get(member.email);
      if (id) owners.push({ id, city: member.city, firstName: member.firstName });
    }
    log(`members ${owners.length}/${count} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  return owners;
}

/** Favourites for a batch of items from random members other than the owner; sets `favoriteCount`. */
function favoritesFor(random: Random, rows: ItemRow[], memberIds: readonly string[]) {
  const out: FavoriteRow[] = [];
  const now = Date.now();
  for (const row of rows) {
    if (!row.isActive || !random.chance(FAVORITED_SHARE)) continue;
    const fans = new Set<string>();
    const wanted = Math.min(random.int(1, 3), memberIds.length - 1);
    for (let attempt = 0; fans.size < wanted && attempt < wanted * 4; attempt += 1) {
      const fan = random.pick(memberIds);
      if (fan !== row.userId) fans.add(fan);
    }
    for (const userId of fans) {
      const listed = row.createdAt.getTime();
      out.push({
        userId,
        itemId: row.id,
        createdAt: new Date(listed + Math.floor(random.next() * (now - listed))),
      });
    }
    row.favoriteCount = fans.size;
  }
  return out;
}

/**
 * Bulk data for benchmarks and large demos: `users` new members and `items` listings (owned by the
 * new members, or by existing ones when no members are added), with favourites for about a fifth of
 * the item count, and `trades` barters among the new items with the reviews of completed ones.
 * Photos come from the shared demo pool, rendered only if missing.
 */
export async function seedScale(database: Database, options: ScaleSeedOptions) {
  const log = options.log ?? (() => undefined);
  const random = createRandom(options.seed);
  const batchSize = options.batchSize ?? 2000;
  const parallel = database.kind === 'postgres' ? 4 : 1;
  const started = Date.now();

  const photoUrls = await ensureArtPool(database.db, {
    onProgress: (done, total) => {
      if (done === total || done % 10 === 0) log(`photos ${done}/${total} ready`);
    },
  });

  let owners =
    options.users > 0
      ? await insertMembers(database, random, options.users, Math.min(batchSize * 2, 4000), log)
      : [];
  if (owners.length === 0 && options.items > 0) {
    const existing = await database.db.select({ id: users.id, firstName: users.firstName }).from(users);
    owners = existing.map((row) => ({ id: row.id, city: random.pick(CITIES), firstName: row.firstName }));
  }
  if (owners.length === 0 && options.items > 0)
    throw new Error('There are no members to own the items: pass --users too');

  const memberIds = owners.map((owner) => owner.id);
  const firstNames = new Map(owners.map((owner) => [owner.id, owner.firstName]));
  const firstNameOf = (userId: string) => firstNames.get(userId) ?? 'A member';
  const tradeCount = options.trades ?? Math.floor(options.items / 2);
  /** The share of the trades that the items from `start` to `end` hold, so that the batches add up. */
  const tradesBetween = (start: number, end: number) =>
    options.items === 0
      ? 0
      : Math.floor((tradeCount * end) / options.items) - Math.floor((tradeCount * start) / options.items);
  const revieweeIds = new Set<string>();
  let tradesDone = 0;
  let reviewsDone = 0;
  const context: ItemContext = { random, photoUrls, now: Date.now() };
  let itemsDone = 0;
  let favoritesDone = 0;
  const itemsStarted = Date.now();
  const batches = Math.ceil(options.items / batchSize);
  const pickTemplate = options.heavyTail
    ? zipfPicker(random, ITEM_TEMPLATES)
    : () => random.pick(ITEM_TEMPLATES);
  // u^1.6 over the members: the first few list hundreds of items, the median member a handful.
  const pickOwner = options.heavyTail
    ? () => owners[Math.floor(owners.length * random.next() ** 1.6)] as ScaleOwner
    : () => random.pick(owners);
  await inWaves(batches, parallel, async (index) => {
    // Rows are built synchronously before any await, so the generator's sequence stays deterministic.
    const size = Math.min(batchSize, options.items - index * batchSize);
    const rows = Array.from({ length: size }, () =>
      buildItem(context, pickTemplate(), pickOwner(), randomUUID()),
    );
    const fans = favoritesFor(random, rows, memberIds);
    const first = index * batchSize;
    const history = planScaleTrades(
      random,
      rows,
      tradesBetween(first, first + size),
      context.now,
      firstNameOf,
    );
    await database.db.insert(items).values(rows);
    if (fans.length > 0) await database.db.insert(favorites).values(fans).onConflictDoNothing();
    // 1,000 trades use 12,000 parameters; reviews a little fewer.
    for (let start = 0; start < history.trades.length; start += 1000)
      await database.db.insert(tradeRequests).values(history.trades.slice(start, start + 1000));
    const sides = tradeSideRows(history.trades);
    for (let start = 0; start < sides.sideItems.length; start += 1000)
      await database.db.insert(tradeRequestItems).values(sides.sideItems.slice(start, start + 1000));
    for (let start = 0; start < sides.offers.length; start += 1000)
      await database.db.insert(tradeOffers).values(sides.offers.slice(start, start + 1000));
    for (let start = 0; start < history.reviews.length; start += 1000)
      await database.db.insert(reviews).values(history.reviews.slice(start, start + 1000));
    for (const review of history.reviews) revieweeIds.add(review.revieweeId);
    itemsDone += rows.length;
    favoritesDone += fans.length;
    tradesDone += history.trades.length;
    reviewsDone += history.reviews.length;
    const seconds = (Date.now() - itemsStarted) / 1000;
    log(
      `items ${itemsDone}/${options.items}, favourites ${favoritesDone}, trades ${tradesDone}, reviews ${reviewsDone} (${seconds.toFixed(1)} s, ${Math.round(itemsDone / Math.max(seconds, 0.001))} items/s)`,
    );
  });

  // Seller ratings follow the published reviews, as the reviews module keeps them.
  await recomputeRatings(database.db, [...revieweeIds]);

  // The search vocabulary's deltas (a row per word per batch, migration 0059), folded once.
  await foldSearchWordDeltas(database.db);

  // Statistics of what was loaded: until autovacuum gets to them (minutes later, or never on PGlite),
  // the planner would plan every read of a freshly seeded market on the empty tables' statistics.
  log('analysing the seeded tables');
  await database.db.execute(sql.raw(`analyze ${SCALE_TABLES.map((table) => `"${table}"`).join(', ')}`));

  return {
    members: options.users > 0 ? owners.length : 0,
    items: itemsDone,
    favorites: favoritesDone,
    trades: tradesDone,
    reviews: reviewsDone,
    ms: Date.now() - started,
  };
}
