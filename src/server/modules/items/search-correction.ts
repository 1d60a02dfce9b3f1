import { and, eq, sql } from 'drizzle-orm';
import { isEmbedded, queryRows } from '../../db/connect';
import { items } from '../../db/schema';
import { ownerPresent } from '../../lib/item-visibility';
import type { ServiceContext } from '../../lib/service-context';
import { fuzzyWords } from '../../lib/search-text';
import { type SearchMode, searchTextMatches } from './items.query';
import { type ParsedSearch, parseSearch } from './list-filters';

/**
 * Typo correction against the vocabulary of listed words (search_words, migration 0059;
 * docs/decisions/028), on PostgreSQL. The embedded database (PGlite) keeps the trigram match over
 * the listings instead (searchAsRun below, decision 028). A search whose words match some listed item in full text runs as typed. Otherwise each of
 * its plain words that no listed title, brand or tag holds is replaced by the nearest word that one
 * does: the nearest candidates the trigram index on the vocabulary hands over, the fewest edits first
 * (a swap of two letters is one edit), then the word most listings hold. Full text then runs on the
 * corrected search; no listing is ever trigram-matched.
 */

/**
 * How many candidates the vocabulary offers for each unknown word: its nearest words by trigram
 * distance (the GiST index's nearest-neighbour order, with no similarity threshold: a swap of two
 * letters, 'jakcet', shares few trigrams with 'jacket').
 */
const CANDIDATES = 30;
/** Vocabulary words are 2 to 40 characters long and not numbers (threadswap_search_words). */
const WORD = /^(?!\d+$)[\p{L}\p{N}]{2,40}$/u;

/** The edits a correction may make to a word of `length` characters. */
export function maxEdits(length: number): number {
  if (length <= 4) return 1;
  return length <= 8 ? 2 : 3;
}

/** Insertions, deletions, substitutions and swaps of two neighbouring letters from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_row, i) =>
    Array.from({ length: b.length + 1 }, (_cell, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

interface Candidate {
  term: string;
  word: string | null;
  items: number | null;
  known: boolean;
}

/** The nearest candidate within maxEdits: fewest edits, then most listings, then the word itself. */
export function nearestWord(term: string, candidates: Array<{ word: string; items: number }>) {
  let best: { word: string; items: number; edits: number } | undefined;
  for (const candidate of candidates) {
    const edits = editDistance(term, candidate.word);
    if (edits > maxEdits(term.length)) continue;
    if (
      !best ||
      edits < best.edits ||
      (edits === best.edits && candidate.items > best.items) ||
      (edits === best.edits && candidate.items === best.items && candidate.word < best.word)
    )
      best = { ...candidate, edits };
  }
  return best?.word;
}

/**
 * Whether the search's words (colour words aside) match some listed item in full text. Its matches
 * are a materialized CTE, planned for all its rows (the full-text index's bitmap, nearly empty for a
 * word no listing holds): as `limit 1` over the listings, PostgreSQL expected an early match and
 * read every listed item for a typo (about 260 ms at 100k, docs/decisions/028).
 */
export async function matchesAsTyped({ db }: ServiceContext, parsed: Pick<ParsedSearch, 'text' | 'words'>) {
  const matches = searchTextMatches(parsed, 'fulltext');
  if (!matches) return false;
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`with matches as materialized (
        select ${items.userId} as user_id from ${items} where ${items.isActive} and ${matches}
      )
      select exists (select 1 from matches where ${ownerPresent(sql`matches.user_id`)}) as found`,
  );
  return row?.found === true;
}

/**
 * Each word, whether a listed item holds it, and when none does, the vocabulary's nearest words by
 * trigram distance that some listed item holds. A word's count is its folded count plus the deltas
 * not folded yet (search-vocabulary.ts), so the answer follows every committed change.
 */
function candidatesOf(ctx: ServiceContext, words: string[]) {
  return queryRows<Candidate>(
    ctx.db,
    sql`with pending as materialized (
        select word, sum(n)::int as n from search_word_deltas group by word
      ),
      terms as materialized (
        select q.term,
          coalesce((select s.items from search_words s where s.word = q.term), 0)
            + coalesce((select p.n from pending p where p.word = q.term), 0) > 0 as known
        from unnest(${sql.param(words)}::text[]) q(term)
      )
      select t.term, c.word, c.items, t.known
      from terms t
      left join lateral (
        select near.word, coalesce(s.items, 0) + coalesce(p.n, 0) as items
        from (
          (select s.word from search_words s order by s.word <-> t.term limit ${CANDIDATES})
          union
          (select p.word from pending p order by p.word <-> t.term limit ${CANDIDATES})
        ) near
        left join search_words s on s.word = near.word
        left join pending p on p.word = near.word
        where not t.known and coalesce(s.items, 0) + coalesce(p.n, 0) > 0
      ) c on true`,
  );
}

/**
 * The search corrected against the vocabulary, or null when it runs as typed: it has no plain
 * word to correct, every plain word is a listed word, no unknown word has a near vocabulary word,
 * or its words match some listed item in full text as typed (a plural, 'jackets', or a word of a
 * description: the vocabulary holds titles, brands and tags, unstemmed). The vocabulary is read
 * first, so a search of listed words never runs the full-text probe. Colour words, quoted words
 * and excluded words (`-word`) stay as typed.
 */
export async function correctSearch(
  ctx: ServiceContext,
  parsed: ParsedSearch,
): Promise<{ search: string; parsed: ParsedSearch } | null> {
  if (!parsed.text.trim()) return null;
  const colourWords = new Set(parsed.colours.map((colour) => colour.toLowerCase()));
  const plain = parsed.tokens.filter((token) => WORD.test(token) && !colourWords.has(token.toLowerCase()));
  const words = [...new Set(plain.map((token) => token.toLowerCase()))];
  if (!words.length) return null;
  const rows = await candidatesOf(ctx, words);
  const corrections = new Map<string, string>();
  for (const word of words) {
    const own = rows.filter((row) => row.term === word);
    if (own.some((row) => row.known)) continue;
    const nearest = nearestWord(
      word,
      own.flatMap((row) => (row.word === null ? [] : [{ word: row.word, items: Number(row.items) }])),
    );
    if (nearest) corrections.set(word, nearest);
  }
  if (!corrections.size || (await matchesAsTyped(ctx, parsed))) return null;
  return corrected(parsed, corrections);
}

/**
 * The parsed search with its corrections applied, derived from the typed search's parse rather than
 * parsed again: the same words are replaced in the tokens and in the text (a colour word is never
 * corrected and holds no quote, so the text's quotes pair up as the tokens' do).
 */
export function corrected(
  parsed: ParsedSearch,
  corrections: ReadonlyMap<string, string>,
): { search: string; parsed: ParsedSearch } {
  const rewrite = (tokens: string[]) => {
    let quoted = false;
    return tokens.map((token) => {
      const inQuotes = quoted;
      if ((token.match(/"/g) ?? []).length % 2 === 1) quoted = !quoted;
      return inQuotes || !WORD.test(token) ? token : (corrections.get(token.toLowerCase()) ?? token);
    });
  };
  const tokens = rewrite(parsed.tokens);
  const text = rewrite(parsed.text.split(/\s+/).filter(Boolean)).join(' ');
  return {
    search: tokens.join(' '),
    parsed: { text, colours: parsed.colours, tokens, words: fuzzyWords(text) },
  };
}

/** A search as it runs: the words full text or trigram matching runs on, and the correction if any. */
export interface SearchRun {
  search: string | undefined;
  /** The corrected search, when the search as typed was corrected (PostgreSQL only). */
  corrected: string | null;
  /**
   * How its words match (items.query.ts SearchMode): always full text on PostgreSQL; on PGlite,
   * trigram similarity over the listings when the words match no listed item in full text.
   */
  searchMode: SearchMode;
  /** The corrected search parsed (derived from the typed search's parse); absent when it runs as typed. */
  parsed?: ParsedSearch;
}

/**
 * The embedded database's typo path, as before the vocabulary: full text when the words match some
 * listed item, trigram similarity over the listings otherwise. On PGlite, a corrected search's
 * count sometimes never finished under load (inside PGlite's WebAssembly error path; decision 028),
 * and the embedded database serves small communities and the demo, where matching every listing by
 * trigram is cheap.
 */
async function embeddedSearchMode({ db }: ServiceContext, parsed: ParsedSearch): Promise<SearchMode> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.isActive, true), ownerPresent(items.userId), searchTextMatches(parsed, 'fulltext')))
    .limit(1);
  return row ? 'fulltext' : 'fuzzy';
}

/**
 * The search as it runs, cached per search: on PostgreSQL corrected (correctSearch) or as typed,
 * with the correction (null when none); on PGlite as typed, in full text or trigram mode. Any
 * change to a listed item may change it.
 */
export function searchAsRun(
  ctx: ServiceContext,
  search: string | undefined,
  parsed: ParsedSearch | undefined = search ? parseSearch(search) : undefined,
): Promise<SearchRun> {
  if (!search || !parsed?.text.trim())
    return Promise.resolve({ search, corrected: null, searchMode: 'fulltext' });
  return ctx.marketplaceCache.get(
    `correct:${search}`,
    async (): Promise<SearchRun> => {
      if (isEmbedded(ctx.db))
        return { search, corrected: null, searchMode: await embeddedSearchMode(ctx, parsed) };
      const correction = await correctSearch(ctx, parsed);
      if (!correction) return { search, corrected: null, searchMode: 'fulltext' };
      return { ...correction, corrected: correction.search, searchMode: 'fulltext' };
    },
    { deps: { kind: 'mode' } },
  );
}
