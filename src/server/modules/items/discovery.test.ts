import { beforeEach, describe, expect, it } from 'vitest';
import { items, users } from '../../db/schema';
import { itemInput, uploadImage } from '../../test-support/fixtures';
import { useTestApp } from '../../test-support/test-app';

/*
 * Deeper discovery (docs/product.md § Browse and search, § Taxonomy, § Sizes): the category tree,
 * multi-select filters, size systems, facets of the new filters, and search relevance measured on a
 * small judged catalogue.
 */

const t = useTestApp();
type Row = typeof items.$inferInsert;
let owner = '';
const hour = 3600 * 1000;

function item(index: number, overrides: Partial<Row>): Row {
  return {
    userId: owner,
    title: 'Plain Tee',
    description: 'Worn a few times, no flaws.',
    category: 'clothing',
    gender: 'unisex',
    condition: 'good',
    estimatedValue: 3000,
    images: ['/images/00000000-0000-4000-8000-000000000001'],
    // Older rows first: the newest row would win every tie, so ties never decide a judged result.
    createdAt: new Date(Date.now() - (100 - index) * hour),
    ...overrides,
  };
}

beforeEach(async () => {
  const [member] = await t.db
    .insert(users)
    .values({ email: 'disco@example.com', firstName: 'Disco' })
    .returning();
  owner = member?.id ?? '';
  await t.db.insert(items).values([
    item(1, {
      title: 'Red Satin Midi Dress',
      brand: 'Zara',
      subcategory: 'dresses',
      gender: 'women',
      size: 'S',
      colors: ['Red'],
    }),
    item(2, {
      title: 'Navy Floral Wrap Dress',
      description: 'Pairs well with red heels, a red bag and red lipstick. Red red red.',
      subcategory: 'dresses',
      gender: 'women',
      size: 'M',
      colors: ['Navy'],
    }),
    item(3, {
      title: 'Black Slip Dress',
      description: 'A red carpet favourite.',
      subcategory: 'dresses',
      gender: 'women',
      size: '8',
      colors: ['Black'],
    }),
    item(4, { title: 'Wrap Dress', subcategory: 'dresses', gender: 'women', size: 'L', colors: ['Red'] }),
    item(5, {
      title: 'Iron Ranger Boots',
      brand: 'Red Wing',
      category: 'shoes',
      subcategory: 'boots',
      gender: 'men',
      size: 'UK 9',
      colors: ['Brown'],
    }),
    item(6, {
      title: 'Chelsea Boots',
      category: 'shoes',
      subcategory: 'boots',
      gender: 'women',
      size: 'EU 38.5',
      colors: ['Black'],
    }),
    item(7, {
      title: 'Leather Ankle Heels',
      category: 'shoes',
      subcategory: 'heels',
      gender: 'women',
      size: '7.5',
      colors: ['Red'],
    }),
    item(8, {
      title: '501 Original Jeans',
      brand: "Levi's",
      subcategory: 'jeans',
      gender: 'men',
      size: 'W32 L32',
      colors: ['Blue'],
    }),
    item(9, {
      title: 'Wide-Leg Trousers',
      description: 'Great with a denim jacket, denim shirt or denim anything.',
      subcategory: 'trousers',
      gender: 'women',
      size: 'W28',
      colors: ['Beige'],
    }),
    item(10, {
      title: 'Denim Jacket',
      subcategory: 'jackets-coats',
      size: 'M',
      colors: ['Blue'],
      tags: ['denim'],
    }),
    item(11, {
      title: 'Cashmere Jumper',
      description: 'Soft and warm.',
      subcategory: 'knitwear',
      gender: 'women',
      size: 'M',
      colors: ['Gray'],
    }),
    item(12, { title: 'Leather Tote Bag', category: 'accessories', subcategory: 'bags', colors: ['Brown'] }),
    item(13, { title: 'Dress Watch', category: 'accessories', subcategory: 'watches', colors: ['Black'] }),
    item(14, { title: 'Old Listing Without Subcategory', category: 'clothing', size: 'XL' }),
  ]);
});

async function titles(query: string) {
  const response = await t.visitor().get(`/api/items?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ title: string }>).map((entry) => entry.title);
}

const search = (text: string) => titles(`search=${encodeURIComponent(text)}`);

describe('search relevance: a judged set of queries', () => {
  // Each query with the results that must come first (in any order among themselves), and results it must never return.
  const JUDGED: Array<{ query: string; top: string[]; never?: string[] }> = [
    {
      query: 'red dress',
      top: ['Red Satin Midi Dress', 'Wrap Dress'],
      never: ['Navy Floral Wrap Dress', 'Black Slip Dress'],
    },
    {
      query: 'dress',
      top: [
        'Red Satin Midi Dress',
        'Navy Floral Wrap Dress',
        'Black Slip Dress',
        'Wrap Dress',
        'Dress Watch',
      ],
    },
    { query: 'denim', top: ['Denim Jacket'] },
    { query: 'levis jeans', top: ['501 Original Jeans'] },
    { query: 'grey jumper', top: ['Cashmere Jumper'] },
    { query: 'red boots', top: ['Iron Ranger Boots'], never: ['Leather Ankle Heels', 'Chelsea Boots'] },
    { query: 'black boots', top: ['Chelsea Boots'], never: ['Iron Ranger Boots'] },
    { query: 'chelsa boots', top: ['Chelsea Boots'] },
    { query: 'jaket', top: ['Denim Jacket'] },
    { query: 'wrap dress', top: ['Navy Floral Wrap Dress', 'Wrap Dress'], never: ['Black Slip Dress'] },
  ];

  it.each(JUDGED)('"$query" puts $top first', async ({ query, top, never = [] }) => {
    const found = await search(query);
    expect(new Set(found.slice(0, top.length)), found.join(' | ')).toEqual(new Set(top));
    for (const title of never) expect(found).not.toContain(title);
  });

  it('never ranks the navy dress first for "red dress", whatever its description says', async () => {
    expect((await search('red dress'))[0]).not.toBe('Navy Floral Wrap Dress');
  });

  it('requires every word: adding a word only ever narrows the result', async () => {
    const pairs = [
      ['dress', 'red dress'],
      ['dress', 'red satin dress'],
      ['boots', 'black boots'],
      ['jacket', 'blue denim jacket'],
    ] as const;
    for (const [broad, narrow] of pairs) {
      const wide = new Set(await search(broad));
      const found = await search(narrow);
      expect(found.length).toBeLessThanOrEqual(wide.size);
      for (const title of found) expect(wide.has(title), `${narrow}: ${title}`).toBe(true);
    }
  });

  it('ranks title and brand matches above description matches', async () => {
    const found = await search('denim');
    expect(found.indexOf('Denim Jacket')).toBeLessThan(found.indexOf('Wide-Leg Trousers'));
  });

  it('a colour alone finds items of that colour field, or with it in title or brand', async () => {
    expect(new Set(await search('red'))).toEqual(
      new Set(['Red Satin Midi Dress', 'Wrap Dress', 'Leather Ankle Heels', 'Iron Ranger Boots']),
    );
  });
});

describe('the category tree, departments and multi-select filters', () => {
  it('filters by several subcategories, comma-joined or repeated', async () => {
    const expected = new Set(['Chelsea Boots', 'Iron Ranger Boots', 'Leather Ankle Heels']);
    expect(new Set(await titles('subcategory=boots,heels'))).toEqual(expected);
    expect(new Set(await titles('subcategory=boots&subcategory=heels'))).toEqual(expected);
  });

  it('combines a category with a department: women’s shoes', async () => {
    expect(new Set(await titles('category=shoes&gender=women'))).toEqual(
      new Set(['Chelsea Boots', 'Leather Ankle Heels']),
    );
    expect(await titles('category=shoes&gender=women&subcategory=boots')).toEqual(['Chelsea Boots']);
  });

  it('filters several sizes across size systems, and several conditions', async () => {
    expect(
      new Set(await titles(`size=${encodeURIComponent('W32 L32')}&size=${encodeURIComponent('EU 38.5')}`)),
    ).toEqual(new Set(['501 Original Jeans', 'Chelsea Boots']));
    expect((await titles('condition=good&condition=new')).length).toBe(14);
  });

  it('keeps old single-value URLs working', async () => {
    expect(await titles('category=shoes&size=7.5')).toEqual(['Leather Ankle Heels']);
    expect((await titles('category=women')).length).toBe(8);
  });

  it('refuses bad values with 400 and a message', async () => {
    for (const query of [
      'subcategory=bogus',
      'subcategory=boots,%00',
      `subcategory=${'x'.repeat(100_000)}`,
      `subcategory=${Array.from({ length: 120 }, () => 'boots').join('&subcategory=')}`,
      'category=shoes&category=clothing',
      'subcategory[$ne]=boots',
    ]) {
      const response = await t.visitor().get(`/api/items?${query}`);
      expect(response.statusCode, query.slice(0, 60)).toBe(400);
      expect(response.json().message, query.slice(0, 60)).toBeTruthy();
      expect((await t.visitor().get(`/api/items/facets?${query}`)).statusCode, query.slice(0, 60)).toBe(400);
    }
  });
});

describe('facets of the new filters', () => {
  const facets = async (query: string) => {
    const response = await t.visitor().get(`/api/items/facets?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      total: number;
      subcategories: Array<{ value: string; count: number }>;
      sizes: Array<{ value: string; count: number }>;
    };
  };
  const values = (list: Array<{ value: string; count: number }>) =>
    Object.fromEntries(list.map((entry) => [entry.value, entry.count]));

  it('counts subcategories in one pass when no facet dimension is filtered', async () => {
    const result = await facets('gender=women');
    expect(values(result.subcategories)).toEqual({
      dresses: 4,
      trousers: 1,
      knitwear: 1,
      boots: 1,
      heels: 1,
    });
  });

  it('offers exactly the sizes listings of the chosen category have', async () => {
    const shoes = await facets('category=shoes');
    expect(values(shoes.sizes)).toEqual({ 'UK 9': 1, 'EU 38.5': 1, '7.5': 1 });
    expect(values(shoes.subcategories)).toEqual({ boots: 2, heels: 1 });
    const boots = await facets('category=shoes&subcategory=boots');
    expect(values(boots.sizes)).toEqual({ 'UK 9': 1, 'EU 38.5': 1 });
    // Its own filter left out, so that other subcategories can be added.
    expect(values(boots.subcategories)).toEqual({ boots: 2, heels: 1 });
    expect(boots.total).toBe(2);
    const bottoms = await facets('subcategory=jeans,trousers');
    expect(values(bottoms.sizes)).toEqual({ 'W32 L32': 1, W28: 1 });
  });
});

describe('listings choose a subcategory', () => {
  it('stores a subcategory of the category, and refuses one of another category', async () => {
    const member = await t.member({ firstName: 'Sia' });
    const photo = await uploadImage(member);
    const created = await member.post(
      '/api/items',
      itemInput(photo, { subcategory: 'jackets-coats', size: 'M' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().subcategory).toBe('jackets-coats');

    const wrong = await member.post('/api/items', itemInput(photo, { subcategory: 'boots' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/does not belong/);
    const unknown = await member.post('/api/items', itemInput(photo, { subcategory: 'spaceships' }));
    expect(unknown.statusCode).toBe(400);

    const id = created.json().id as string;
    expect((await member.patch(`/api/items/${id}`, { subcategory: 'heels' })).statusCode).toBe(400);
    const moved = await member.patch(`/api/items/${id}`, { category: 'shoes' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ category: 'shoes', subcategory: null });
    const boots = await member.patch(`/api/items/${id}`, { subcategory: 'boots' });
    expect(boots.json()).toMatchObject({ category: 'shoes', subcategory: 'boots' });
  });

  it('older listings without a subcategory still list', async () => {
    expect(await titles('search=listing')).toEqual(['Old Listing Without Subcategory']);
  });
});
