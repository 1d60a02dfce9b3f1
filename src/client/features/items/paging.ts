import { MARKETPLACE_DEPTH } from '@common/domain/marketplace-depth';

/** A page of GET /api/items as 'Load more' sees it. */
export interface CountedPage {
  items: readonly unknown[];
  /** X-Total-Count: the matches, counted up to MARKETPLACE_DEPTH. */
  total: number;
}

/**
 * How many items to ask for at `offset`: the page size, shortened so that the page ends at
 * MARKETPLACE_DEPTH, the deepest the API serves (docs/decisions/016-capped-counts-and-depth.md).
 */
export function pageLimit(offset: number, pageSize: number): number {
  return Math.max(1, Math.min(pageSize, MARKETPLACE_DEPTH - offset));
}

/**
 * The offset of the next page, or undefined once every match, or the deepest page served, is
 * loaded: a capped total is MARKETPLACE_DEPTH itself, so 'Load more' never asks past the depth.
 */
export function nextPageOffset(pages: readonly CountedPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.items.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < Math.min(last.total, MARKETPLACE_DEPTH) ? loaded : undefined;
}
