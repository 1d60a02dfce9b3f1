/**
 * `{ correctedSearch }` from an X-Search-Corrected header value (URI-encoded, marketplace-depth.ts
 * SEARCH_CORRECTED_HEADER), or `{}` when the header is absent or unreadable.
 */
export function correctedSearchOf(header: unknown): { correctedSearch?: string } {
  if (typeof header !== 'string' || !header) return {};
  try {
    return { correctedSearch: decodeURIComponent(header) };
  } catch {
    return {};
  }
}
