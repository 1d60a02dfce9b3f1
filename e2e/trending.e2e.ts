import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  listItemViaApi,
  registerMember,
  shown,
  skipOnboarding,
  uniqueWord,
} from './support/journeys';

/**
 * Trending (docs/product.md § Browse and search): a member opening an item counts toward the
 * 'trending' order; the landing page's Trending Items and the footer's Trending use that order.
 */
describe('trending', () => {
  let viewer: Page;
  let item: ApiItem;

  beforeAll(async () => {
    viewer = (await openBrowser()).page;
    const owner = (await openBrowser()).page;
    await Promise.all([registerMember(viewer, 'Tove', 'Lind'), registerMember(owner, 'Otto', 'Vik')]);
    await skipOnboarding(viewer);
    item = await listItemViaApi(owner, {
      title: `${uniqueWord('Tr')} trench coat`,
      category: 'clothing',
      estimatedValue: 6000,
    });
  });

  it("a member's look at an item is counted, once per opening", async () => {
    const counted = viewer.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/items/${item.id}/view`) && response.request().method() === 'POST',
    );
    await viewer.goto(`/browse?highlight=${item.id}`);
    await shown(viewer.getByRole('dialog', { name: item.title }));
    expect((await counted).status()).toBe(204);
  });

  it('Browse offers the Trending order, and the footer leads to it', async () => {
    await viewer.goto('/');
    const link = viewer.getByRole('contentinfo').getByRole('link', { name: 'Trending', exact: true });
    expect(await link.getAttribute('href')).toBe('/browse?sortBy=trending');
    await link.click();
    await viewer.waitForURL(/sortBy=trending/);
    const answer = await viewer.request.get('/api/items?sortBy=trending&limit=5');
    expect(answer.status()).toBe(200);
  });
});
