import { MARKETPLACE_DEPTH } from '@common/api/items';
import { describe, expect, it } from 'vitest';
import { nextPageOffset, pageLimit } from './paging';

const page = (size: number, total: number) => ({ items: Array.from({ length: size }), total });

describe("'Load more' and the marketplace depth", () => {
  it('pages on while fewer items are loaded than match', () => {
    expect(nextPageOffset([page(24, 50)])).toBe(24);
    expect(nextPageOffset([page(24, 50), page(24, 50)])).toBe(48);
    expect(nextPageOffset([page(24, 50), page(24, 50), page(2, 50)])).toBeUndefined();
    expect(nextPageOffset([page(0, 0)])).toBeUndefined();
  });

  it('never asks for a page past the depth, and ends the last one exactly there', () => {
    const pages = Array.from({ length: Math.floor(MARKETPLACE_DEPTH / 24) }, () =>
      page(24, MARKETPLACE_DEPTH),
    );
    const offset = nextPageOffset(pages);
    expect(offset).toBe(9984);
    expect(pageLimit(9984, 24)).toBe(MARKETPLACE_DEPTH - 9984);
    expect(nextPageOffset([...pages, page(MARKETPLACE_DEPTH - 9984, MARKETPLACE_DEPTH)])).toBeUndefined();
    // Even a total above the depth (an older server) stops there.
    expect(nextPageOffset([page(MARKETPLACE_DEPTH, MARKETPLACE_DEPTH + 500)])).toBeUndefined();
    expect(pageLimit(0, 24)).toBe(24);
  });
});
