import { z } from 'zod';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../domain/unsafe-text';
import { oneLineText } from './common';
import { type ItemListQuery, itemListQuery } from './items';

import { MAX_SAVED_SEARCH_NAME } from '../domain/limits';

export { MAX_SAVED_SEARCH_NAME, MAX_SAVED_SEARCHES } from '../domain/limits';
/** Far above any Browse URL (every filter at its longest stays under 1,500 characters). */
export const MAX_SAVED_QUERY_LENGTH = 2000;

/** Parameters Browse's list endpoint takes that page through a result rather than filter it. */
const PAGING = ['limit', 'offset'] as const;

export interface ParsedSavedQuery {
  /** The query string as stored: the given parameters, re-encoded, without a leading '?'. */
  query: string;
  /** The filters it selects, exactly as GET /api/items reads them. */
  filters: ItemListQuery;
}

/** Why a saved search is refused: an error code of src/common/api/errors.ts with its values. */
export type SavedQueryProblem =
  | { code: 'saved_searches.query_too_long'; params: { maximum: number } }
  | { code: 'saved_searches.unsafe_text'; params?: undefined }
  | { code: 'saved_searches.repeated_parameter'; params: { name: string } }
  | { code: 'saved_searches.paging_parameter'; params: { name: string } }
  | { code: 'saved_searches.unknown_filters'; params: { names: string } }
  | { code: 'saved_searches.invalid_filter'; params: { name: string } }
  | { code: 'saved_searches.no_filter'; params?: undefined };

export type SavedQueryResult =
  { ok: true; value: ParsedSavedQuery } | ({ ok: false; message: string } & SavedQueryProblem);

/**
 * A Browse URL's query string, read with the schema of GET /api/items (the one Browse calls), so
 * that a saved search selects exactly what Browse showed. Refused with a readable message: unknown
 * or repeated parameters, values the list endpoint refuses, paging, text a database cannot store,
 * and a query without any filter (it would match every listing).
 */
export function parseSavedQuery(raw: string): SavedQueryResult {
  const trimmed = raw.trim().replace(/^\?/, '');
  if (trimmed.length > MAX_SAVED_QUERY_LENGTH)
    return {
      ok: false,
      message: `The search must be at most ${MAX_SAVED_QUERY_LENGTH} characters`,
      code: 'saved_searches.query_too_long',
      params: { maximum: MAX_SAVED_QUERY_LENGTH },
    };
  const params = new URLSearchParams(trimmed);
  // A Map, not an object: a key such as "__proto__" must stay an ordinary (unknown) name.
  const entries = new Map<string, string>();
  for (const [key, value] of params) {
    if (isUnsafeText(key) || isUnsafeText(value))
      return { ok: false, message: `The search ${UNSAFE_TEXT_MESSAGE}`, code: 'saved_searches.unsafe_text' };
    if (entries.has(key))
      return {
        ok: false,
        message: `The search names "${key}" more than once`,
        code: 'saved_searches.repeated_parameter',
        params: { name: key.slice(0, 40) },
      };
    if ((PAGING as readonly string[]).includes(key))
      return {
        ok: false,
        message: `"${key}" pages through results: it cannot be part of a saved search`,
        code: 'saved_searches.paging_parameter',
        params: { name: key },
      };
    entries.set(key, value);
  }
  const parsed = itemListQuery.safeParse(Object.fromEntries(entries));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys') {
      const names = issue.keys.map((key) => `"${key.slice(0, 40)}"`).join(', ');
      return {
        ok: false,
        message: `Unknown search filter${issue.keys.length > 1 ? 's' : ''}: ${names}`,
        code: 'saved_searches.unknown_filters',
        params: { names },
      };
    }
    const name = issue?.path.join('.') || 'search';
    return {
      ok: false,
      message: `${name}: ${issue?.message ?? 'invalid value'}`,
      code: 'saved_searches.invalid_filter',
      params: { name },
    };
  }
  const { sortBy: _sortBy, limit: _limit, offset: _offset, ...filters } = parsed.data;
  const filtered = Object.values(filters).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '',
  );
  if (!filtered)
    return {
      ok: false,
      message: 'Choose at least one filter or search words before saving a search',
      code: 'saved_searches.no_filter',
    };
  const query = new URLSearchParams([...entries].filter(([, value]) => value.trim() !== '')).toString();
  return { ok: true, value: { query, filters: parsed.data } };
}

export const savedSearchInput = z
  .object({
    name: oneLineText('Name', 1, MAX_SAVED_SEARCH_NAME),
    query: z
      .string({ message: 'query must be the query string of a Browse URL' })
      .max(MAX_SAVED_QUERY_LENGTH, {
        message: `The search must be at most ${MAX_SAVED_QUERY_LENGTH} characters`,
      })
      .transform((raw, context) => {
        const result = parseSavedQuery(raw);
        if (!result.ok) {
          context.addIssue({
            code: 'custom',
            message: result.message,
            params: { code: result.code, values: result.params },
          });
          return z.NEVER;
        }
        return result.value.query;
      }),
  })
  .strict();
export type SavedSearchInput = z.input<typeof savedSearchInput>;

export const savedSearch = z.object({
  id: z.string(),
  name: z.string(),
  /** The Browse URL's query string, without '?': open it as /browse?<query>. */
  query: z.string(),
  createdAt: z.string(),
  /** When the member last opened it; null until the first time. */
  lastViewedAt: z.string().nullable(),
  /** Listings that matched since it was last opened (or created), still in the marketplace. */
  newMatchCount: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearch>;
export const savedSearchList = z.array(savedSearch);
