import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ItemFilters } from '../../../common/api/items';
import { MAX_SAVED_SEARCHES, parseSavedQuery, type SavedSearch } from '../../../common/api/saved-searches';
import { items, savedSearches, savedSearchMatches } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { text } from '../../lib/i18n';
import { lockMember } from '../../lib/member-lock';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { noBlockBetween } from '../safety';
import { searchesSelectingItem, searchScope } from './saved-searches.query';

type SearchRow = typeof savedSearches.$inferSelect;

/** Listings matched since the search was last opened (or created) that are still in the marketplace. */
// Written with table names: drizzle leaves columns unqualified in a one-table select's fields.
const newMatchCount = sql<number>`(
  select count(*)::int from saved_search_matches m
  join items i on i.id = m.item_id
  where m.saved_search_id = saved_searches.id
    and m.matched_at > coalesce(saved_searches.last_viewed_at, saved_searches.created_at)
    and i.is_active
)`;

function present(row: SearchRow, matches: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    createdAt: row.createdAt.toISOString(),
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    newMatchCount: matches,
  };
}

/** The member's saved searches, oldest first (the order they were saved in). */
export async function listSavedSearches(ctx: ServiceContext, memberId: string): Promise<SavedSearch[]> {
  const rows = await ctx.db
    .select({ search: savedSearches, matches: newMatchCount })
    .from(savedSearches)
    .where(eq(savedSearches.userId, memberId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
    .limit(MAX_SAVED_SEARCHES);
  return rows.map((row) => present(row.search, row.matches));
}

/**
 * Saves a search: `query` was read by the contract already (savedSearchInput), and is read again
 * here for its scope columns. At most MAX_SAVED_SEARCHES per member, and the same query once,
 * counted under the member's row lock so that concurrent saves take turns.
 */
export async function createSavedSearch(
  ctx: ServiceContext,
  memberId: string,
  input: { name: string; query: string },
): Promise<SavedSearch> {
  const parsed = parseSavedQuery(input.query);
  if (!parsed.ok) throw new HttpError(400, parsed.code, parsed.params);
  const { query, filters } = parsed.value;
  const row = await transact(ctx, async (tx) => {
    await lockMember(tx, memberId);
    const [existing] = await tx
      .select({ value: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, memberId));
    if ((existing?.value ?? 0) >= MAX_SAVED_SEARCHES) {
      throw badRequest('saved_searches.too_many', { maximum: MAX_SAVED_SEARCHES });
    }
    const [same] = await tx
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, memberId), eq(savedSearches.query, query)))
      .limit(1);
    if (same) throw conflict('saved_searches.duplicate', { name: same.name });
    const [inserted] = await tx
      .insert(savedSearches)
      .values({ userId: memberId, name: input.name, query, ...searchScope(filters) })
      .returning();
    if (!inserted) throw new Error('saved search insert returned nothing');
    return inserted;
  });
  return present(row, 0);
}

/** Only the member's own search; another member's id answers 404 like an unknown one. */
export async function deleteSavedSearch(ctx: ServiceContext, memberId: string, id: string) {
  const removed = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, memberId)))
    .returning({ id: savedSearches.id });
  if (removed.length === 0) throw notFound('saved_searches.not_found');
}

/** The member opened the search: its new-match count starts again from now. */
export async function markSavedSearchViewed(
  ctx: ServiceContext,
  memberId: string,
  id: string,
): Promise<SavedSearch> {
  const [row] = await ctx.db
    .update(savedSearches)
    .set({ lastViewedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, memberId)))
    .returning();
  if (!row) throw notFound('saved_searches.not_found');
  return present(row, 0);
}

/**
 * A listed (or relisted) item is matched against other members' saved searches: first in SQL by
 * the searches' scope (category, departments), owner and blocks, then each remaining search's
 * filters against the item's row (searchesSelectingItem). Every match is recorded for the
 * search's new-match count; each member hears once per item (the dedupe key), with a link to the
 * first of their searches it matched.
 */
export async function matchSavedSearches(ctx: ServiceContext, itemId: string) {
  const [item] = await ctx.db
    .select({
      userId: items.userId,
      title: items.title,
      category: items.category,
      gender: items.gender,
      isActive: items.isActive,
    })
    .from(items)
    .where(eq(items.id, itemId));
  if (!item?.isActive) return;
  const candidates = await ctx.db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      query: savedSearches.query,
    })
    .from(savedSearches)
    .where(
      and(
        ne(savedSearches.userId, item.userId),
        or(isNull(savedSearches.itemCategory), eq(savedSearches.itemCategory, item.category)),
        or(isNull(savedSearches.genders), sql`${item.gender} = any(${savedSearches.genders})`),
        noBlockBetween(savedSearches.userId, item.userId),
      ),
    )
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  const readable: Array<(typeof candidates)[number] & { filters: ItemFilters }> = [];
  for (const candidate of candidates) {
    // A search saved under an older contract that no longer reads is skipped, not fatal.
    const parsed = parseSavedQuery(candidate.query);
    if (parsed.ok) readable.push({ ...candidate, filters: parsed.value.filters });
  }
  if (readable.length === 0) return;
  const matched = await searchesSelectingItem(ctx.db, itemId, readable);
  if (matched.size === 0) return;
  await transact(ctx, async (tx, effects) => {
    // Searches deleted meanwhile drop out here; the lock keeps the rest until the matches are stored.
    const kept = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(inArray(savedSearches.id, [...matched]))
      .for('key share');
    if (kept.length === 0) return;
    const recorded = await tx
      .insert(savedSearchMatches)
      .values(kept.map((row) => ({ savedSearchId: row.id, itemId })))
      .onConflictDoNothing()
      .returning({ savedSearchId: savedSearchMatches.savedSearchId });
    // A relisted item matched these before: they count it once and say nothing again.
    const fresh = new Set(recorded.map((row) => row.savedSearchId));
    const told = new Set<string>();
    for (const search of readable) {
      if (!fresh.has(search.id) || told.has(search.userId)) continue;
      told.add(search.userId);
      effects.notify({
        userId: search.userId,
        type: 'saved_search',
        title: text('notifications:savedSearches.match.title'),
        message: text('notifications:savedSearches.match.message', { item: item.title, search: search.name }),
        // The search's results with the new item open on top of them.
        link: `/browse?${withHighlight(search.query, itemId)}`,
        dedupeKey: `saved-search-item:${itemId}`,
      });
    }
  });
}

/** A saved search's query with the item to open (`highlight`, as Browse reads it) added. */
function withHighlight(query: string, itemId: string): string {
  const params = new URLSearchParams(query);
  params.set('highlight', itemId);
  return params.toString();
}
