import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_URL_PATTERN } from '../../../common/api/images';
import { words } from '../../../common/domain/matching';
import * as taxonomy from '../../../common/domain/taxonomy';
import {
  WISHLIST_CATEGORIES,
  WISHLIST_CATEGORY_MAP,
  type WishlistCategory,
} from '../../../common/domain/taxonomy';
import { serviceContextFor } from '../../test-support/service-context';
import { wishlistMatches } from '../../modules/wishlist/wishlist.service';
import { wishlistMatchesItem } from '../../modules/wishlist/wishlist.query';
import { openTestDatabase } from '../../test-support/test-database';
import { type Database, queryRows } from '../connect';
import { items as itemTable, notifications as notificationTable, wishlistItems } from '../schema';
import { planActivity } from './activity';
import { ART_POOL, ITEM_TEMPLATES } from './catalog';
import { ART_SHAPES } from './garment-art';
import { artKeyName } from './image-pool';
import { seedDemo } from './index';
import { DEMO_ITEM_COUNT, DEMO_MEMBER_ITEM_COUNT, planCatalogue } from './items';
import { buildMembers, SCALE_EMAIL_DOMAIN } from './members';
import { createRandom } from './random';
import { SCALE_TABLES, seedScale } from './scale';

interface ItemRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: string;
  gender: string;
  style: string | null;
  condition: string;
  brand: string | null;
  size: string | null;
  estimated_value: number;
  images: string[];
  tags: string[];
  colors: string[];
  seasons: string[];
  location: string | null;
  is_active: boolean;
  availability: string;
  favorite_count: number;
  age_hours: number;
}

const SEEDED_TABLES = [
  'users',
  'items',
  'images',
  'favorites',
  'trade_requests',
  'reviews',
  'wishlist_items',
  'notifications',
  'friendships',
  'conversations',
  'messages',
];

let database: Database;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
const countOf = async (table: string) =>
  (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;

async function favoriteCountMismatches() {
  return rows<{ id: string }>(sql`
    select i.id from items i left join favorites f on f.item_id = i.id
    group by i.id having i.favorite_count <> count(f.item_id)`);
}

/** Every way the trades could break their rules (see docs/product.md, Trades), each answering the offending rows. */
async function tradeRuleViolations() {
  return {
    // An item is in at most one accepted or completed trade.
    itemInTwoTrades: await rows(sql`
      select item_id from (
        select requested_item_id as item_id from trade_requests where status in ('accepted', 'completed')
        union all
        select offered_item_id from trade_requests where status in ('accepted', 'completed')) taken
      group by item_id having count(*) > 1`),
    // traded: in a completed trade (and unlisted); reserved: accepted; pending: open requests; else available.
    availability: await rows(sql`
      select i.id, i.availability, i.is_active from items i
      cross join lateral (
        select coalesce(bool_or(t.status = 'completed'), false) as traded,
               coalesce(bool_or(t.status = 'accepted'), false) as reserved,
               coalesce(bool_or(t.status = 'pending'), false) as pending
        from trade_requests t where i.id in (t.requested_item_id, t.offered_item_id)) s
      where i.availability <> case when s.traded then 'traded' when s.reserved then 'reserved'
                                   when s.pending then 'pending' else 'available' end
         or (s.traded and i.is_active)`),
    // Open requests and accepted trades only concern listed items; no request on a reserved or traded item.
    openOnUnavailable: await rows(sql`
      select t.id, t.status, i.availability, i.is_active from trade_requests t
      join items i on i.id in (t.requested_item_id, t.offered_item_id)
      where (t.status = 'pending' and (not i.is_active or i.availability in ('reserved', 'traded')))
         or (t.status = 'accepted' and (not i.is_active or i.availability <> 'reserved'))`),
    // The requester offers their own item for the owner's.
    parties: await rows(sql`
      select t.id from trade_requests t
      join items r on r.id = t.requested_item_id join items o on o.id = t.offered_item_id
      where r.user_id <> t.owner_id or o.user_id <> t.requester_id or t.owner_id = t.requester_id`),
    // Each step after the one before it: listings, request, receipts, completion.
    steps: await rows(sql`
      select t.id, t.status from trade_requests t
      join items r on r.id = t.requested_item_id join items o on o.id = t.offered_item_id
      where t.created_at < greatest(r.created_at, o.created_at)
         or t.updated_at < t.created_at or t.updated_at > now()
         or (t.status = 'completed') <> (t.completed_at is not null)
         or (t.status = 'completed' and (
               t.requester_received_at is null or t.owner_received_at is null
               or t.completed_at <> greatest(t.requester_received_at, t.owner_received_at)
               or least(t.requester_received_at, t.owner_received_at) <= t.created_at))
         or (t.status = 'accepted' and t.requester_received_at is not null and t.owner_received_at is not null)
         or (t.status in ('pending', 'declined', 'cancelled')
             and (t.requester_received_at is not null or t.owner_received_at is not null))`),
  };
}

const NO_TRADE_VIOLATIONS = {
  itemInTwoTrades: [],
  availability: [],
  openOnUnavailable: [],
  parties: [],
  steps: [],
};

/** Reviews that break the rules (only completed trades, by one party about the other, blind). */
async function reviewRuleViolations() {
  return rows(sql`
    select rv.id, t.status, rv.published_at, t.completed_at, c.n from reviews rv
    join trade_requests t on t.id = rv.trade_request_id
    cross join lateral (select count(*)::int as n from reviews b where b.trade_request_id = t.id) c
    where t.status <> 'completed'
       or rv.reviewer_id not in (t.requester_id, t.owner_id)
       or rv.reviewee_id not in (t.requester_id, t.owner_id)
       or rv.reviewer_id = rv.reviewee_id
       or rv.created_at < t.completed_at or rv.created_at > now()
       or rv.rating not between 1 and 5 or rv.communication_rating not between 1 and 5
       or (rv.published_at is null and (c.n = 2 or t.completed_at < now() - interval '7 days 1 hour'))
       or (rv.published_at is not null and c.n < 2 and rv.published_at < t.completed_at + interval '7 days')
       or rv.published_at < rv.created_at or rv.published_at > now()`);
}

/** Members whose stored rating is not what recomputeRatings makes of their published reviews. */
async function ratingMismatches() {
  return rows(sql`
    select u.id, u.rating_average, u.rating_count, s.average, s.n from users u
    cross join lateral (
      select avg(rating)::real as average, count(*)::int as n from reviews
      where reviewee_id = u.id and published_at is not null) s
    where u.rating_count <> s.n or u.rating_average is distinct from s.average`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  // Cold, this renders the photo pool; the time budget is checked by hand, not asserted.
  await seedDemo(database.db);
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe('the catalogue', () => {
  it('only asks for photo colours that the pool draws', () => {
    for (const template of ITEM_TEMPLATES) {
      const drawn = ART_POOL[template.shape].map(([color]) => color);
      for (const color of template.colors ?? [])
        expect(drawn, `${template.name} in ${color}`).toContain(color);
    }
  });

  it('draws every colour of the vocabulary', () => {
    const drawn = new Set(Object.values(ART_POOL).flatMap((entries) => entries.map(([color]) => color)));
    expect([...drawn].sort()).toEqual([...taxonomy.COLORS].sort());
  });
});

describe('the demo seed', () => {
  let items: ItemRow[];
  beforeAll(async () => {
    items = await rows<ItemRow>(sql`
      select *, extract(epoch from (now() - created_at)) / 3600 as age_hours from items`);
  });

  it('creates the demo community with Demo Trader first', async () => {
    expect(await countOf('users')).toBeGreaterThanOrEqual(31);
    const [demo] = await rows<{ id: string; first_name: string; items: number }>(sql`
      select u.id, u.first_name, (select count(*)::int from items i where i.user_id = u.id) as items
      from users u where u.email = 'demo@threadswap.example'`);
    expect(demo?.first_name).toBe('Demo');
    expect(demo?.items).toBe(DEMO_MEMBER_ITEM_COUNT);
    const owners = await rows<{ n: number }>(sql`select count(distinct user_id)::int as n from items`);
    expect(owners[0]?.n).toBe(await countOf('users'));
  });

  it('lists at least 300 items over every category, style, gender, condition, colour and season', () => {
    expect(items.length).toBe(DEMO_ITEM_COUNT);
    expect(items.length).toBeGreaterThanOrEqual(300);
    const seen = (pick: (item: ItemRow) => Array<string | null>) => new Set(items.flatMap(pick));
    expect(seen((item) => [item.category])).toEqual(new Set(taxonomy.ITEM_CATEGORIES));
    expect(seen((item) => [item.style])).toEqual(new Set(taxonomy.STYLES));
    expect(seen((item) => [item.gender])).toEqual(new Set(taxonomy.GENDERS));
    expect(seen((item) => [item.condition])).toEqual(new Set(taxonomy.CONDITIONS));
    expect(seen((item) => item.colors)).toEqual(new Set(taxonomy.COLORS));
    expect(seen((item) => item.seasons)).toEqual(new Set(taxonomy.SEASONS));
  });

  it('gives every item consistent, well-formed fields', () => {
    for (const item of items) {
      expect(taxonomy.STYLE_CATEGORY[item.style as keyof typeof taxonomy.STYLE_CATEGORY]).toBe(item.category);
      expect(item.title.length).toBeGreaterThan(3);
      const sentences = item.description.split(/(?<=\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(4);
      expect(Number.isInteger(item.estimated_value)).toBe(true);
      expect(item.estimated_value).toBeGreaterThanOrEqual(500);
      expect(item.estimated_value).toBeLessThanOrEqual(50_000);
      expect(item.colors.length).toBeGreaterThanOrEqual(1);
      expect(item.colors.length).toBeLessThanOrEqual(2);
      expect(item.seasons.length).toBeGreaterThanOrEqual(1);
      expect(item.tags.length).toBeGreaterThanOrEqual(2);
      expect(item.tags.length).toBeLessThanOrEqual(5);
      for (const tag of item.tags) expect(tag).toMatch(/^[a-z0-9-]+$/);
      expect(item.location).toBeTruthy();
    }
  });

  it('uses the size systems of each kind of item', () => {
    const shoes = items.filter((item) => item.category === 'shoes');
    for (const item of shoes) {
      expect(item.size).toMatch(/^\d+(\.5)?$/);
      expect(Number(item.size)).toBeGreaterThanOrEqual(5);
      expect(Number(item.size)).toBeLessThanOrEqual(12);
    }
    expect(shoes.some((item) => item.size?.endsWith('.5'))).toBe(true);
    const accessories = items.filter((item) => item.category === 'accessories');
    expect(accessories.filter((item) => item.size === null).length).toBeGreaterThan(accessories.length * 0.7);
    const sizes = new Set(items.map((item) => item.size));
    for (const size of ['XS', 'S', 'M', 'L', 'XL', 'XXL']) expect(sizes).toContain(size);
    const waists = items
      .filter(
        (item) => item.category === 'clothing' && item.gender !== 'kids' && /^\d+$/.test(item.size ?? ''),
      )
      .filter((item) => item.style === 'Bottoms')
      .map((item) => Number(item.size));
    expect(waists.length).toBeGreaterThan(10);
    expect(Math.min(...waists)).toBeGreaterThanOrEqual(24);
    expect(Math.max(...waists)).toBeLessThanOrEqual(36);
  });

  it('spreads listing dates so that every date filter has results', () => {
    const within = (hours: number) => items.filter((item) => item.age_hours <= hours).length;
    expect(within(3)).toBeGreaterThan(0);
    expect(within(24 * 7)).toBeGreaterThan(within(3));
    expect(within(24 * 30)).toBeGreaterThan(within(24 * 7));
    expect(within(24 * 90)).toBe(items.length);
  });

  it('keeps most items listed: only a few are unlisted besides the traded ones', () => {
    const unlisted = items.filter((item) => !item.is_active && item.availability !== 'traded').length;
    expect(unlisted).toBeGreaterThan(0);
    expect(unlisted).toBeLessThan(items.length * 0.1);
    expect(items.filter((item) => item.is_active).length).toBeGreaterThan(items.length * 0.75);
  });

  it('gives each item 1 to 4 distinct photos that are stored', async () => {
    for (const item of items) {
      expect(item.images.length).toBeGreaterThanOrEqual(1);
      expect(item.images.length).toBeLessThanOrEqual(4);
      expect(new Set(item.images).size).toBe(item.images.length);
      for (const url of item.images) expect(url).toMatch(IMAGE_URL_PATTERN);
    }
    expect(items.some((item) => item.images.length === 4)).toBe(true);
    const missing = await rows<{ url: string }>(sql`
      select distinct u.url from items, unnest(items.images) as u(url)
      where not exists (select 1 from images where '/images/' || images.id::text = u.url)`);
    expect(missing).toEqual([]);
    const [sizes] = await rows<{ width: number; height: number; webp: boolean }>(sql`
      select min(width) as width, min(height) as height,
             bool_and(substring("full" from 9 for 4) = 'WEBP'::bytea and substring(thumb from 9 for 4) = 'WEBP'::bytea) as webp
      from images`);
    expect(sizes).toEqual({ width: 1200, height: 1500, webp: true });
  });

  it('has favourites on other members’ items that match favorite_count', async () => {
    expect(await favoriteCountMismatches()).toEqual([]);
    const own = await rows(
      sql`select 1 from favorites f join items i on i.id = f.item_id where i.user_id = f.user_id`,
    );
    expect(own).toEqual([]);
    const perMember = await rows<{ n: number }>(sql`
      select count(f.item_id)::int as n from users u left join favorites f on f.user_id = u.id group by u.id`);
    for (const { n } of perMember) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(12);
    }
    expect(items.some((item) => item.favorite_count > 1)).toBe(true);
  });

  it('leaves a seeded database alone when run again', async () => {
    const before = await Promise.all(SEEDED_TABLES.map(countOf));
    expect(await seedDemo(database.db)).toBe(false);
    expect(await Promise.all(SEEDED_TABLES.map(countOf))).toEqual(before);
  });
});

describe('the demo history', () => {
  let demoId: string;
  beforeAll(async () => {
    const [demo] = await rows<{ id: string }>(
      sql`select id from users where email = 'demo@threadswap.example'`,
    );
    demoId = demo?.id ?? '';
  });

  it('gives Demo Trader friends, friend requests both ways, and conversations with unread messages', async () => {
    const links = await rows<{ status: string; incoming: boolean }>(
      sql`select status, addressee_id = ${demoId} as incoming from friendships where requester_id = ${demoId} or addressee_id = ${demoId}`,
    );
    expect(links.filter((l) => l.status === 'accepted')).toHaveLength(5);
    expect(links.filter((l) => l.status === 'pending' && l.incoming)).toHaveLength(2);
    expect(links.filter((l) => l.status === 'pending' && !l.incoming)).toHaveLength(1);
    expect(await countOf('friendships')).toBeGreaterThan(40);
    const threads = await rows<{ messages: number; unread: number }>(
      sql`select (select count(*)::int from messages m where m.conversation_id = c.id) as messages,
                 (select count(*)::int from messages m where m.conversation_id = c.id and m.read_at is null and m.sender_id <> ${demoId}) as unread
          from conversations c where c.participant1_id = ${demoId} or c.participant2_id = ${demoId}`,
    );
    expect(threads).toHaveLength(3);
    expect(threads.every((thread) => thread.messages >= 3)).toBe(true);
    expect(threads.reduce((sum, thread) => sum + thread.unread, 0)).toBe(1);
  });

  it('gives Demo Trader barters in every state, and items still free to barter', async () => {
    const trades = await rows<{
      status: string;
      side: 'incoming' | 'outgoing';
      received: number;
      reviews: number;
      published: number;
    }>(sql`
      select t.status, case when t.owner_id = ${demoId} then 'incoming' else 'outgoing' end as side,
             ((t.requester_received_at is not null)::int + (t.owner_received_at is not null)::int) as received,
             (select count(*)::int from reviews r where r.trade_request_id = t.id) as reviews,
             (select count(*)::int from reviews r where r.trade_request_id = t.id and r.published_at is not null) as published
      from trade_requests t where ${demoId} in (t.requester_id, t.owner_id)`);
    const of = (status: string) => trades.filter((trade) => trade.status === status);
    expect(of('pending').filter((trade) => trade.side === 'incoming').length).toBeGreaterThanOrEqual(1);
    expect(of('pending').filter((trade) => trade.side === 'outgoing').length).toBeGreaterThanOrEqual(1);
    expect(of('accepted')).toHaveLength(1);
    expect(of('accepted')[0]?.received).toBeLessThanOrEqual(1);
    expect(of('declined').length).toBeGreaterThanOrEqual(1);
    expect(of('cancelled').length).toBeGreaterThanOrEqual(1);
    const completed = of('completed');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(completed.some((trade) => trade.reviews === 2 && trade.published === 2)).toBe(true);
    expect(completed.some((trade) => trade.reviews === 0)).toBe(true);
    const [free] = await rows<{ n: number }>(sql`
      select count(*)::int as n from items where user_id = ${demoId} and is_active and availability = 'available'`);
    expect(free?.n).toBeGreaterThanOrEqual(3);
  });

  it('spreads barters in every state over the other members', async () => {
    const counts = await rows<{ status: string; n: number; members: number }>(sql`
      select status, count(*)::int as n,
             count(distinct requester_id)::int + count(distinct owner_id)::int as members
      from trade_requests where ${demoId} not in (requester_id, owner_id) group by status`);
    const total = counts.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBeGreaterThanOrEqual(35);
    expect(total).toBeLessThanOrEqual(60);
    for (const status of ['pending', 'accepted', 'declined', 'cancelled', 'completed'])
      expect(counts.find((row) => row.status === status)?.n ?? 0, status).toBeGreaterThan(0);
  });

  it('keeps the trade rules: no item in two trades, availability as the trades imply, dated steps', async () => {
    expect(await tradeRuleViolations()).toEqual(NO_TRADE_VIOLATIONS);
  });

  it('reviews completed trades blind, and rates many members from the published reviews', async () => {
    expect(await reviewRuleViolations()).toEqual([]);
    expect(await ratingMismatches()).toEqual([]);
    const [rated] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where rating_count > 0`,
    );
    expect(rated?.n).toBeGreaterThanOrEqual(15);
    const ratings = await rows<{ rating: number; comment: string }>(sql`select rating, comment from reviews`);
    expect(ratings.filter((review) => review.rating >= 3).length).toBeGreaterThan(ratings.length * 0.85);
    expect(ratings.filter((review) => review.comment.length > 20).length).toBeGreaterThan(
      ratings.length * 0.7,
    );
  });

  it('gives every member a wishlist, as addWishlistEntry stores it, and Demo Trader matches', async () => {
    const entries = await rows<{
      user_id: string;
      title: string;
      category: WishlistCategory;
      item_category: string;
      item_style: string | null;
      title_query: string;
      brand: string | null;
      size: string | null;
      max_value: number | null;
    }>(
      sql`select w.* from wishlist_items w join users u on u.id = w.user_id where u.email like '%@threadswap.example'`,
    );
    const perMember = new Map<string, number>();
    for (const entry of entries) perMember.set(entry.user_id, (perMember.get(entry.user_id) ?? 0) + 1);
    expect(perMember.size).toBe(await countOf('users'));
    for (const n of perMember.values()) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    expect(perMember.get(demoId)).toBe(3);
    for (const entry of entries) {
      const mapped = WISHLIST_CATEGORY_MAP[entry.category];
      expect(entry.item_category).toBe(mapped.category);
      expect(entry.item_style).toBe(mapped.style ?? null);
      expect(entry.title_query).toBe([...new Set(words(entry.title))].join(' | '));
    }
    expect(new Set(entries.map((entry) => entry.category))).toEqual(new Set(WISHLIST_CATEGORIES));
    expect(entries.some((entry) => entry.brand)).toBe(true);
    expect(entries.some((entry) => entry.size)).toBe(true);
    expect(entries.some((entry) => entry.max_value)).toBe(true);
    const matches = await wishlistMatches(serviceContextFor(database.db), demoId);
    expect(matches.length).toBeGreaterThanOrEqual(1);
    for (const match of matches) expect(match.userId).not.toBe(demoId);
  });

  it('stores the notifications that history sent, some unread, with the links the services make', async () => {
    const notes = await rows<{
      user_id: string;
      type: string;
      title: string;
      link: string | null;
      is_read: boolean;
      future: boolean;
    }>(sql`select *, created_at > now() as future from notifications`);
    expect(new Set(notes.map((note) => note.type))).toEqual(
      new Set(['trade_request', 'wishlist_match', 'match_found', 'other', 'message']),
    );
    expect(notes.filter((note) => note.future)).toEqual([]);
    const parties = new Map(
      (
        await rows<{ id: string; requester_id: string; owner_id: string }>(
          sql`select id, requester_id, owner_id from trade_requests`,
        )
      ).map((trade) => [trade.id, [trade.requester_id, trade.owner_id]]),
    );
    for (const note of notes.filter((entry) => entry.type === 'trade_request')) {
      expect(parties.get(note.link?.slice('/trades/'.length) ?? '')).toContain(note.user_id);
    }
    for (const note of notes) {
      // A trade's notifications lead to its page, as the trades module's do.
      if (note.type === 'trade_request') expect(note.link).toMatch(/^\/trades\/[0-9a-f-]{36}$/);
      else if (note.type === 'other') expect(note.link).toBe('/profile?tab=reviews');
      else if (note.type === 'message') expect(note.link).toMatch(/^\/\?conversation=[0-9a-f-]{36}$/);
      else expect(note.link).toMatch(/^\/browse\?highlight=[0-9a-f-]{36}$/);
    }
    expect(notes.filter((note) => note.type === 'match_found').length).toBeGreaterThanOrEqual(2);
    expect(notes.filter((note) => note.type === 'wishlist_match').length).toBeGreaterThanOrEqual(2);
    const demoUnread = notes.filter((note) => note.user_id === demoId && !note.is_read);
    expect(demoUnread.length).toBeGreaterThanOrEqual(4);
    expect(demoUnread.length).toBeLessThanOrEqual(7);
    expect(demoUnread.some((note) => note.title === 'New barter request')).toBe(true);
    expect(notes.some((note) => note.user_id !== demoId && !note.is_read)).toBe(true);
    expect(notes.some((note) => note.is_read)).toBe(true);
  });

  it('notified each step of each barter when it happened, and alerts only about others’ listings', async () => {
    const missing = await rows(sql`
      select t.id, t.status from trade_requests t join users u on u.id = t.owner_id
      where u.email like '%@threadswap.example' and (
        not exists (select 1 from notifications n where n.user_id = t.owner_id and n.title = 'New barter request'
                    and n.created_at = t.created_at)
        or (t.status in ('accepted', 'completed') and not exists (
              select 1 from notifications n where n.user_id = t.requester_id and n.title = 'Barter request accepted!'))
        or (t.status = 'completed' and (
              select count(*) from notifications n where n.user_id in (t.requester_id, t.owner_id)
              and n.title = 'Trade completed' and n.created_at = t.completed_at) <> 2))`);
    expect(missing).toEqual([]);
    const alerts = await rows(sql`
      select n.id from notifications n join items i on n.link = '/browse?highlight=' || i.id::text
      where n.type in ('wishlist_match', 'match_found') and (i.user_id = n.user_id or n.created_at < i.created_at)`);
    expect(alerts).toEqual([]);
    // Wishlist alerts about items still listed satisfy the app's own SQL rule, with a wish older than the listing.
    const unmatched = await rows(sql`
      select n.id, n.message from ${notificationTable} n
      join ${itemTable} on n.link = '/browse?highlight=' || ${itemTable.id}::text
      where n.type = 'wishlist_match' and ${itemTable.isActive} and not exists (
        select 1 from ${wishlistItems}
        where ${wishlistItems.userId} = n.user_id and ${wishlistItems.createdAt} < ${itemTable.createdAt}
          and ${wishlistMatchesItem()})`);
    expect(unmatched).toEqual([]);
    const [linked] = await rows<{ n: number }>(sql`
      select count(*)::int as n from notifications n join items i on n.link = '/browse?highlight=' || i.id::text
      where n.type in ('wishlist_match', 'match_found')`);
    const [all] = await rows<{ n: number }>(sql`
      select count(*)::int as n from notifications where type in ('wishlist_match', 'match_found')`);
    expect(linked?.n).toBe(all?.n);
  });

  it('plans the same history on every start, whatever the time of day', () => {
    const photoUrls = new Map(
      ART_SHAPES.flatMap((shape) =>
        ART_POOL[shape].flatMap(([color, variants]) =>
          Array.from({ length: variants }, (_, variant) => {
            const name = artKeyName({ shape, color, variant });
            return [name, `/images/${name}`] as const;
          }),
        ),
      ),
    );
    const plan = (now: number) => {
      const random = createRandom(20261120);
      const members = buildMembers(random, 36).map((member, index) => ({ ...member, id: `member-${index}` }));
      const catalogue = planCatalogue(random, members, photoUrls, now);
      return planActivity(random, members, catalogue.rows, catalogue.favorites, now);
    };
    const noon = Date.UTC(2026, 0, 15, 12);
    expect(JSON.stringify(plan(noon))).toBe(JSON.stringify(plan(noon)));
    // Listing dates depend on the time of day ("today"); Demo Trader's history fits at any hour.
    for (const hour of [0.5, 6, 18, 23.5]) {
      const history = plan(Date.UTC(2026, 0, 15) + hour * 3600 * 1000);
      const statuses = new Set(
        history.trades
          .filter((trade) => 'member-0' === trade.requesterId || 'member-0' === trade.ownerId)
          .map((trade) => trade.status),
      );
      expect(statuses, `at ${hour} h`).toEqual(
        new Set(['pending', 'accepted', 'declined', 'cancelled', 'completed']),
      );
    }
  });
});

describe('the scale seed', () => {
  it('adds members and items in batches, reusing the photo pool, and can run twice', async () => {
    const before = {
      users: await countOf('users'),
      items: await countOf('items'),
      images: await countOf('images'),
    };
    const first = await seedScale(database, { users: 25, items: 600, trades: 450, seed: 7, batchSize: 250 });
    const second = await seedScale(database, { users: 25, items: 400, seed: 7, batchSize: 250 });
    expect(first).toMatchObject({ members: 25, items: 600, trades: 450 });
    expect(second).toMatchObject({ members: 25, items: 400, trades: 200 });
    expect(first.favorites + second.favorites).toBeGreaterThan(100);
    expect(await countOf('users')).toBe(before.users + 50);
    expect(await countOf('items')).toBe(before.items + 1000);
    expect(await countOf('images')).toBe(before.images);
    const scaleEmails = await rows<{ email: string }>(
      sql`select email from users where email like ${'%@' + SCALE_EMAIL_DOMAIN}`,
    );
    expect(new Set(scaleEmails.map((row) => row.email)).size).toBe(50);
    expect(await favoriteCountMismatches()).toEqual([]);
  });

  it('mixes trade states among the new items, keeping the trade rules, with reviews and ratings', async () => {
    const counts = await rows<{ status: string; n: number }>(sql`
      select t.status, count(*)::int as n from trade_requests t join users u on u.id = t.owner_id
      where u.email like ${'%@' + SCALE_EMAIL_DOMAIN} group by t.status`);
    const of = (status: string) => counts.find((row) => row.status === status)?.n ?? 0;
    const total = counts.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBe(650);
    // Mostly settled history, a few open.
    expect(of('completed') + of('declined') + of('cancelled')).toBeGreaterThan(total * 0.75);
    for (const status of ['pending', 'accepted']) {
      expect(of(status), status).toBeGreaterThan(0);
      expect(of(status), status).toBeLessThan(total * 0.2);
    }
    expect(await tradeRuleViolations()).toEqual(NO_TRADE_VIOLATIONS);
    expect(await reviewRuleViolations()).toEqual([]);
    expect(await ratingMismatches()).toEqual([]);
    const [rated] = await rows<{ n: number }>(sql`
      select count(*)::int as n from users where rating_count > 0 and email like ${'%@' + SCALE_EMAIL_DOMAIN}`);
    expect(rated?.n).toBeGreaterThan(10);
  });

  it('analyses the tables it loaded, so that the first reads are planned on real statistics', async () => {
    await seedScale(database, { users: 5, items: 50, trades: 10, seed: 11, batchSize: 50 });
    const analysed = await rows<{ relname: string; analysed: boolean }>(
      sql`select relname, last_analyze is not null as analysed from pg_stat_user_tables
        where relname = any(${sql.param(SCALE_TABLES)}::text[])`,
    );
    expect(analysed.filter((row) => !row.analysed)).toEqual([]);
    expect(analysed).toHaveLength(SCALE_TABLES.length);
  });
});
