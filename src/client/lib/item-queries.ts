import type { QueryClient } from '@tanstack/react-query';

/**
 * Many features cache answers that hold items: the marketplace lists and an item's details
 * (items), a member's items (users), favourites, suggested barters (trades), Smart Match (matching).
 * Listing, editing, deleting, trading or favouriting an item changes all of them. Each such query
 * carries this meta, so that a change can refresh them all while every feature keeps its own URLs.
 */
export interface ItemQueryMeta extends Record<string, unknown> {
  holdsItems?: true;
  /** Set on one item's own answer (its details), which some changes refetch at once. */
  itemId?: string;
}

/** The meta of a query whose answer holds items (`itemId`: the answer is that one item). */
export function holdsItems(itemId?: string): ItemQueryMeta {
  return itemId === undefined ? { holdsItems: true } : { holdsItems: true, itemId };
}

/**
 * Marks every cached answer that holds items stale. `refetchType: 'none'` leaves what is on screen
 * as it is until its next mount (a grid under the pointer does not reshuffle).
 */
export function invalidateItemQueries(
  queryClient: QueryClient,
  { refetchType = 'active' }: { refetchType?: 'active' | 'none' } = {},
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.meta?.holdsItems === true,
    refetchType,
  });
}

/** Refetches one item's own answer (its details) if it is cached. */
export function invalidateItem(queryClient: QueryClient, itemId: string): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.itemId === itemId });
}
