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
