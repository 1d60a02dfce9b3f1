import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { itemListQuery, MARKETPLACE_DEPTH } from '../../../common/api/items';
import {
  CONDITIONS,
  type Condition,
  ITEM_CATEGORIES,
  type ItemCategory,
} from '../../../common/domain/taxonomy';
import { queryRows } from '../../db/connect';
import { items } from '../../db/schema';
import { buildOwner } from '../../test-support/builders';
import { useTestApp } from '../../test-support/test-app';
import { testDriver } from '../../test-support/test-database';
import { countedPage, listMarketplace } from './items-search.service';

// docs/decisions/016, fifth pass: a size-filtered page sorted by price walks
// items_active_size_value_idx (migration 0039) index-only instead of sorting every listed item of
// that size; a typo search is corrected against the vocabulary of listed words and runs in full
// text on PostgreSQL, never trigram-matching the listings; PGlite keeps the trigram path (decision 028).
// One market of 3,000 items, built once: three sizes, three categories, five conditions, titles of
// coats and sneakers and a few jackets, every tenth item withdrawn.
const t = useTestApp({ resetBetweenTests: false });
const FILTERS = { category: 'clothing', condition: 'good,like-new', size: 'M', sortBy: 'price-low' };

beforeAll(async () => {
  await t.ready();
  const ownerId = await buildOwner(t, 'sizes@example.com', 'Sia');
  const rows = Array.from({ length: 3000 }, (_, i) => ({
    userId: ownerId,
    // Jackets are rare (one item in 30), so that the planner reads the trigram index for 'jaket'.
    title: `${i % 30 === 1 ? 'Denim Jacket' : ['Wool Coat', 'Canvas Sneakers'][i % 2]} ${i}`,
    description: 'A well kept piece.',
    category: ITEM_CATEGORIES[Math.floor(i / 3) % 3] as ItemCategory,
    gender: 'unisex' as const,
    condition: CONDITIONS[Math.floor(i / 9) % 5] as Condition,
    size: ['S', 'M', 'L'][Math.floor(i / 45) % 3] as string,
    // Prices repeat, so that the id breaks ties; dates are apart, newest first by number.
    estimatedValue: 500 + ((i * 37) % 400),
    images: ['/images/00000000-0000-4000-8000-000000000001'],
    isActive: i % 10 !== 0,
    createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(items).values(rows.slice(i, i + 500));
  // As autovacuum keeps a settled table: statistics, and the visibility map for index-only scans.
  await t.db.execute(sql`vacuum analyze items`);
}, 120_000);

const list = (raw: Record<string, string>) => {
  t.app.marketplaceCache.invalidate();
  return listMarketplace(t.app.services, itemListQuery.parse(raw));
};
const ids = (listed: { items: Array<{ id: string }> }) => listed.items.map((item) => item.id);

/** The executed plan of a page's uncached statement, parameters inlined. */
async function executed(
  raw: Record<string, string>,
  searchMode: 'fulltext' | 'fuzzy' = 'fulltext',
  noSeqScan = searchMode === 'fuzzy',
) {
  const statement = new PgDialect().sqlToQuery(
    countedPage(t.db, itemListQuery.parse(raw), searchMode).getSQL(),
  );
  let text = statement.sql;
  statement.params.forEach((value, index) => {
    const literal = typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
    text = text.replace(new RegExp(`\\$${index + 1}(?!\\d)`), literal);
  });
  // enable_seqscan off for bitmap checks: 3,000 rows fit a few pages, which a scan reads whole.
  return t.db.transaction(async (tx) => {
    if (noSeqScan) await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain analyze ${text}`));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('a size filter sorted by price', () => {
  it('returns the matches in price order, ties by id, as a plain query of every match does', async () => {
    const expected = await queryRows<{ id: string }>(
      t.db,
      sql`select id from items where is_active and category = 'clothing' and condition in ('good', 'like-new')
        and size = 'M' order by estimated_value, id`,
    );
    const listed = await list({ ...FILTERS, limit: '48' });
    expect(listed).toMatchObject({ total: expected.length, totalIsCapped: false });
    expect(ids(listed)).toEqual(expected.slice(0, 48).map((row) => row.id));
    const deeper = await list({ ...FILTERS, limit: '10', offset: '20' });
    expect(ids(deeper)).toEqual(expected.slice(20, 30).map((row) => row.id));
    const high = await list({ ...FILTERS, sortBy: 'price-high', limit: '5' });
    expect(ids(high)).toEqual(
      expected
        .slice()
        .reverse()
        .slice(0, 5)
        .map((row) => row.id),
    );
  });

  it('walks the size-and-price index, checking the other filters in it, and sorts no match', async () => {
    const plan = await executed({ ...FILTERS, limit: '48' });
    expect(plan, plan).toMatch(/Index Only Scan using items_active_size_value_idx/);
    expect(plan, plan).not.toMatch(/Bitmap Heap Scan/);
    // The only sorts left are of the page (48 rows) and of the slice taken from the matches.
    for (const line of plan.split('\n').filter((l) => /^\s*(->\s+)?Sort\b/.test(l)))
      expect(line.match(/rows=(\d+) loops/)?.[1] ?? '0', plan).not.toBe(String(MARKETPLACE_DEPTH + 1));
  });
});

describe.runIf(testDriver === 'postgres')('a typo search on PostgreSQL', () => {
  it('finds the jackets as the corrected search "jacket" does (decision 028)', async () => {
    const corrected = await list({ search: 'jaket', limit: '48' });
    const plain = await list({ search: 'jacket', limit: '48' });
    expect(corrected.correctedSearch).toBe('jacket');
    expect(plain.correctedSearch).toBeNull();
    expect(corrected.total).toBeGreaterThan(50);
    expect(corrected).toMatchObject({ total: plain.total, totalIsCapped: plain.totalIsCapped });
    expect(ids(corrected)).toEqual(ids(plain));
    const deeper = await list({ search: 'jaket', limit: '10', offset: '40' });
    expect(ids(deeper)).toEqual(ids(await list({ search: 'jacket', limit: '10', offset: '40' })));
  });

  it('never trigram-matches the listings: the vocabulary is corrected against, then full text runs', async () => {
    t.app.marketplaceCache.invalidate();
    const target: { query: (...args: never[]) => unknown } | undefined = t.database.pglite ?? t.database.pool;
    if (!target) throw new Error('no database client');
    const spy = vi.spyOn(target, 'query');
    try {
      await listMarketplace(t.app.services, itemListQuery.parse({ search: 'jaket' }));
      const texts = spy.mock.calls.map((call) => {
        const [config] = call as unknown as [string | { text: string }];
        return typeof config === 'string' ? config : config.text;
      });
      // The full-text page (empty), the full-text probe, the vocabulary, the corrected page and count.
      expect(texts, texts.join('\n\n')).toHaveLength(4);
      expect(texts.filter((text) => /search_text|<%|word_similarity/.test(text))).toEqual([]);
      expect(texts.filter((text) => text.includes('search_words'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe.runIf(testDriver === 'pglite')('a typo search on PGlite (the trigram path, decision 028)', () => {
  it('finds the jackets, best match first then newest, as a plain query of every match does', async () => {
    const expected = await queryRows<{ id: string }>(
      t.db,
      sql`select id from items where is_active and 'jaket' <% search_text
        order by word_similarity('jaket', search_text) desc, created_at desc, id desc`,
    );
    expect(expected.length).toBeGreaterThan(50);
    const listed = await list({ search: 'jaket', limit: '48' });
    expect(listed).toMatchObject({ total: expected.length, totalIsCapped: false });
    expect(ids(listed)).toEqual(expected.slice(0, 48).map((row) => row.id));
    const deeper = await list({ search: 'jaket', limit: '10', offset: '40' });
    expect(ids(deeper)).toEqual(expected.slice(40, 50).map((row) => row.id));
  });

  it('reads its trigram matches once: no statement of its own to count them', async () => {
    t.app.marketplaceCache.invalidate();
    const target: { query: (...args: never[]) => unknown } | undefined = t.database.pglite ?? t.database.pool;
    if (!target) throw new Error('no database client');
    const spy = vi.spyOn(target, 'query');
    try {
      const listed = await listMarketplace(t.app.services, itemListQuery.parse({ search: 'jaket' }));
      expect(listed.correctedSearch).toBeNull();
      const texts = spy.mock.calls.map((call) => {
        const [config] = call as unknown as [string | { text: string }];
        return typeof config === 'string' ? config : config.text;
      });
      // The full-text page (empty), the mode check, then one trigram statement: page and count.
      const trigram = texts.filter((text) => text.includes('<%'));
      expect(trigram, texts.join('\n\n')).toHaveLength(1);
      expect(texts, texts.join('\n\n')).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('reads the trigram index of listed items only', async () => {
    const plan = await executed({ search: 'jaket', limit: '48' }, 'fuzzy');
    expect(plan, plan).toMatch(/Bitmap Index Scan on items_active_search_text_trgm_hour_idx/);
    expect(plan, plan).not.toMatch(/BitmapAnd/);
  });
});

describe('a colour word search', () => {
  it('reads the colour and title-word indexes of listed items only, for a colour word', async () => {
    const plan = await executed({ search: 'red', sortBy: 'popular', limit: '48' }, 'fulltext', true);
    expect(plan, plan).toMatch(/Bitmap Index Scan on items_active_colors_idx/);
    expect(plan, plan).toMatch(/Bitmap Index Scan on items_active_title_vector_idx/);
    expect(plan, plan).not.toMatch(/BitmapAnd/);
  });
});
