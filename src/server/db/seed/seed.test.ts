import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_URL_PATTERN } from '../../../common/api/images';
import {
  COLORS,
  CONDITIONS,
  GENDERS,
  ITEM_CATEGORIES,
  SEASONS,
  STYLE_CATEGORY,
  STYLES,
} from '../../../common/domain/taxonomy';
import { type Database, openPglite, queryRows } from '../connect';
import { ART_POOL, ITEM_TEMPLATES } from './catalog';
import { seedDemo } from './index';
import { DEMO_ITEM_COUNT, DEMO_MEMBER_ITEM_COUNT } from './items';
import { SCALE_EMAIL_DOMAIN } from './members';
import { seedScale } from './scale';

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
  favorite_count: number;
  age_hours: number;
}

let database: Database;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
const countOf = async (table: string) =>
  (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;

async function favoriteCountMismatches() {
  return rows<{ id: string }>(sql`
    select i.id from items i left join favorites f on f.item_id = i.id
    group by i.id having i.favorite_count <> count(f.item_id)`);
}

beforeAll(async () => {
  database = await openPglite();
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
    expect([...drawn].sort()).toEqual([...COLORS].sort());
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
    expect(seen((item) => [item.category])).toEqual(new Set(ITEM_CATEGORIES));
    expect(seen((item) => [item.style])).toEqual(new Set(STYLES));
    expect(seen((item) => [item.gender])).toEqual(new Set(GENDERS));
    expect(seen((item) => [item.condition])).toEqual(new Set(CONDITIONS));
    expect(seen((item) => item.colors)).toEqual(new Set(COLORS));
    expect(seen((item) => item.seasons)).toEqual(new Set(SEASONS));
  });

  it('gives every item consistent, well-formed fields', () => {
    for (const item of items) {
      expect(STYLE_CATEGORY[item.style as keyof typeof STYLE_CATEGORY]).toBe(item.category);
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

  it('keeps most items active', () => {
    const inactive = items.filter((item) => !item.is_active).length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(items.length * 0.1);
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
    const before = await Promise.all(['users', 'items', 'images', 'favorites'].map(countOf));
    expect(await seedDemo(database.db)).toBe(false);
    expect(await Promise.all(['users', 'items', 'images', 'favorites'].map(countOf))).toEqual(before);
  });
});

describe('the scale seed', () => {
  it('adds members and items in batches, reusing the photo pool, and can run twice', async () => {
    const before = {
      users: await countOf('users'),
      items: await countOf('items'),
      images: await countOf('images'),
    };
    const first = await seedScale(database, { users: 25, items: 600, seed: 7, batchSize: 250 });
    const second = await seedScale(database, { users: 25, items: 400, seed: 7, batchSize: 250 });
    expect(first).toMatchObject({ members: 25, items: 600 });
    expect(second).toMatchObject({ members: 25, items: 400 });
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
});
