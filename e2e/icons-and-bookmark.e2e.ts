import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  listItemViaApi,
  registerMember,
  shown,
  uniqueWord,
} from './support/journeys';

/**
 * One meaning per icon (docs/product.md § Screens): the header heart is Favourites, as on the item
 * cards, and the Wishlist has the bookmark. An item's bookmark pre-fills what the item is (brand
 * and style, category, brand, size), not its listing title.
 */
describe('icons and the bookmark', () => {
  let page: Page;
  let item: ApiItem;

  beforeAll(async () => {
    const viewer = (await openBrowser()).page;
    const owner = (await openBrowser()).page;
    page = viewer;
    await Promise.all([registerMember(viewer, 'Ida', 'Moss'), registerMember(owner, 'Olle', 'Berg')]);
    item = await listItemViaApi(owner, {
      title: `${uniqueWord('Ib')} wool coat, worn twice`,
      category: 'clothing',
      gender: 'women',
      style: 'Outerwear',
      condition: 'like-new',
      brand: 'COS',
      size: 'M',
      estimatedValue: 8000,
    });
  });

  it('the header heart leads to Favourites, the bookmark to the Wishlist', async () => {
    await page.goto('/browse');
    const favourites = page.getByRole('link', { name: 'Favourites', exact: true });
    await shown(favourites);
    expect(await favourites.getAttribute('href')).toBe('/profile?tab=favorites');
    expect(await favourites.locator('svg.lucide-heart').count()).toBe(1);
    const wishlist = page.getByRole('link', { name: 'Wishlist', exact: true });
    expect(await wishlist.getAttribute('href')).toBe('/wishlist');
    expect(await wishlist.locator('svg.lucide-bookmark').count()).toBe(1);
    expect(await wishlist.locator('svg.lucide-heart').count()).toBe(0);
  });

  it("the bookmark pre-fills the item's kind, category, brand and size, not its title", async () => {
    await page.goto(`/browse?highlight=${item.id}`);
    const detail = page.getByRole('dialog', { name: item.title });
    await shown(detail);
    await detail.getByRole('button', { name: `Bookmark ${item.title} to wishlist` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Wishlist' });
    await shown(dialog);
    await eventually(() => page.locator('#dialog-wishlist-title').inputValue(), 'COS Outerwear');
    expect(await page.locator('#dialog-wishlist-brand').inputValue()).toBe('COS');
    expect(await page.locator('#dialog-wishlist-size').inputValue()).toBe('M');
    expect(await page.locator('#dialog-wishlist-title').inputValue()).not.toContain('worn twice');
  });
});
