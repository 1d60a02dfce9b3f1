import { COLORS, type Color } from '../../common/domain/taxonomy';

/**
 * The search box's text reduced to what `websearch_to_tsquery` reads well: words, quoted phrases
 * and a leading `-` that excludes a word. Everything else becomes a space. PostgreSQL fails
 * ("tsquery stack too small") on long runs of operators with nothing to apply them to, such as
 * 33 dashes, so a dash survives only right before a letter or digit, and runs of dashes become one.
 */
export function websearchText(search: string): string {
  return search
    .replace(/[^\p{L}\p{N}\s"'-]+/gu, ' ')
    .replace(/-+(?![\p{L}\p{N}])/gu, ' ')
    .replace(/-+/g, '-');
}

/** Colour words of the search box, and the colour of the vocabulary each one means. */
const COLOUR_WORDS: ReadonlyMap<string, Color> = new Map([
  ...COLORS.map((colour) => [colour.toLowerCase(), colour] as const),
  ['grey', 'Gray'],
]);

export interface SearchTerms {
  /** What full text (and the typo-tolerant fallback) matches: the search without its colour words. */
  text: string;
  /** Colour words, each matching the item's colour field (or its title and brand). */
  colours: Color[];
  /** Every word of the cleaned search in order, colour words included (what a typo correction rewrites). */
  tokens: string[];
}

/**
 * Splits the search box's text into colour words and the rest (docs/product.md § Search). A colour
 * word is a bare word of the colour vocabulary: inside quotes or after a `-` it stays text.
 */
export function searchTerms(search: string): SearchTerms {
  const cleaned = websearchText(search);
  const colours: Color[] = [];
  const rest: string[] = [];
  let quoted = false;
  const tokens = cleaned.split(/\s+/).filter(Boolean);
  for (const token of tokens) {
    const quotes = (token.match(/"/g) ?? []).length;
    const colour = COLOUR_WORDS.get(token.toLowerCase().replace(/'s$/, ''));
    if (!quoted && quotes === 0 && colour) {
      if (!colours.includes(colour)) colours.push(colour);
    } else {
      rest.push(token);
    }
    if (quotes % 2 === 1) quoted = !quoted;
  }
  return { text: rest.join(' '), colours, tokens };
}

/** The words a search requires, lower-cased, for the typo-tolerant fallback (at most 8; excluded words left out). */
export function fuzzyWords(text: string): string[] {
  return [
    ...new Set(
      text
        .replace(/["]/g, ' ')
        .split(/\s+/)
        .filter((word) => !word.startsWith('-'))
        .map((word) => word.toLowerCase())
        .filter((word) => /[\p{L}\p{N}]/u.test(word)),
    ),
  ].slice(0, 8);
}
