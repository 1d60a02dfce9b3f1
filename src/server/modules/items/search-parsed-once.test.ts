import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SearchTextModule from '../../lib/search-text';
import { testDriver } from '../../test-support/test-database';

type SearchText = typeof SearchTextModule;

// Issue 32 §4: a list request's search is parsed once, at the edge. The parsers of
// lib/search-text.ts are wrapped in spies (their calls to each other inside the module are not
// counted), and each request is answered from scratch (cache emptied first).
vi.mock('../../lib/search-text', async (importOriginal) => {
  const actual = await importOriginal<SearchText>();
  return {
    ...actual,
    searchTerms: vi.fn(actual.searchTerms),
    websearchText: vi.fn(actual.websearchText),
    fuzzyWords: vi.fn(actual.fuzzyWords),
  };
});

// Counted on PostgreSQL only. In the whole PGlite phase this file twice failed inside PGlite.create
// (an ErrnoError 44 while loading the template), after other files of its worker, and the cause was
// not found; the parse count does not depend on the database, and PostgreSQL also runs the
// corrected-typo path.
const counting = testDriver === 'postgres';

// Test files share their worker's modules (vitest.config.ts, isolate: false): a file run before
// this one may have loaded the app already, bound to the real parsers. The app's modules are
// loaded again here, after the mock, so that they call the spies.
if (counting) vi.resetModules();
const { buildOwner } = await import('../../test-support/builders');
const { useTestApp } = await import('../../test-support/test-app');
const searchText = await import('../../lib/search-text');
const { parseSearch } = await import('./list-filters');

const spies = [searchText.searchTerms, searchText.websearchText, searchText.fuzzyWords] as unknown as Array<
  ReturnType<typeof vi.fn>
>;
const parses = () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

describe.skipIf(!counting)('a list request parses its search once', () => {
  const t = useTestApp({ resetBetweenTests: false });

  beforeAll(async () => {
    await t.ready();
    const owner = await buildOwner(t, 'ann@example.com', 'Ann');
    await t.db.execute(sql`
      insert into items (user_id, title, description, category, gender, condition, estimated_value, images, colors)
      select ${owner}, 'Denim jacket ' || n, 'Washed.', 'clothing', 'unisex', 'good', 1000 + n,
        array['/images/00000000-0000-4000-8000-000000000001'], array['Blue']
      from generate_series(1, 30) as n`);
  }, 120_000);

  beforeEach(() => {
    t.app.marketplaceCache.invalidate();
    for (const spy of spies) spy.mockClear();
  });

  async function parsesFor(url: string) {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    return parses();
  }

  it.each([
    ['relevance', '/api/items?search=blue%20denim', 2],
    ['newest first', '/api/items?search=denim&sortBy=newest', 2],
    ['price', '/api/items?search=denim&sortBy=price-low&offset=24', 2],
    // A typo is corrected (search-correction.ts): the corrected search is derived from the typed
    // one's parse, and only its typo-fallback words are worked out again (one fuzzyWords).
    ['a typo', '/api/items?search=dnim%20jaket', 3],
    ['facets', '/api/items/facets?search=denim&condition=good', 2],
  ])('%s', async (_name, url, bound) => {
    // One searchTerms and one fuzzyWords, in list-filters.ts parseSearch (18 to 30 calls before).
    const counted = await parsesFor(url);
    expect(counted).toBeGreaterThanOrEqual(2);
    expect(counted).toBeLessThanOrEqual(bound);
  });
});

describe('a parsed search', () => {
  it('is already cleaned for websearch_to_tsquery, so the SQL passes it as it is', async () => {
    const actual = await vi.importActual<SearchText>('../../lib/search-text');
    for (const search of [
      'blue denim',
      '--- jacket -',
      'a--b "red coat" -wool',
      '!!! &',
      "kid's  --x",
      'é-- ü',
    ]) {
      const { text } = parseSearch(search);
      expect(actual.websearchText(text), search).toBe(text);
    }
  });
});
