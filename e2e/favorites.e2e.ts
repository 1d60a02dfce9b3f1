import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  cardIds,
  eventually,
  expectLocation,
  getJson,
  gone,
  registerMember,
  shown,
  textOf,
} from './support/journeys';

/** Favourites with the heart, listed under Profile → Favorites. */
describe('a member keeps favourites', () => {
  let page: Page;
  let first: ApiItem;
  let second: ApiItem;

  const heart = (id: string) => page.getByTestId(`button-favorite-${id}`);

  beforeAll(async () => {
    ({ page } = await openBrowser());
    await registerMember(page, 'Fiona');
  });

  it('favourites two items with the heart', async () => {
    await page.goto('/browse');
    const grid = page.getByTestId('grid-browse');
    await shown(grid);
    await eventually(async () => (await cardIds(grid)).length > 2, true);
    const [a, b] = await cardIds(grid);
    if (!a || !b) throw new Error('Browse shows fewer than two items');
    [first, second] = await Promise.all([
      getJson<ApiItem>(page, `/api/items/${a}`),
      getJson<ApiItem>(page, `/api/items/${b}`),
    ]);

    for (const item of [first, second]) {
      const button = heart(item.id);
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      expect(await button.getAttribute('aria-label')).toBe(`Add ${item.title} to favorites`);
      await button.click();
      await eventually(() => button.getAttribute('aria-pressed'), 'true');
      expect(await button.getAttribute('aria-label')).toBe(`Remove ${item.title} from favorites`);
    }
    const stored = await getJson<Array<{ itemId: string }>>(page, '/api/favorites');
    expect(stored.map((favorite) => favorite.itemId).sort()).toEqual([first.id, second.id].sort());
  });

  it('sees both under Profile → Favorites', async () => {
    await page.getByTestId('button-user-menu').click();
    await page.getByTestId('menu-profile').click();
    await expectLocation(page, '/profile');
    await page.getByTestId('tab-profile-favorites').click();
    await expectLocation(page, '/profile', { tab: 'favorites' });
    await eventually(() => textOf(page.getByTestId('stat-favorites')), '2Favorites');
    const grid = page.getByTestId('grid-favorites');
    await shown(grid);
    // Newest first.
    await eventually(() => cardIds(grid), [second.id, first.id]);
    for (const item of [first, second]) {
      expect(await textOf(grid.getByTestId(`link-item-${item.id}`))).toBe(item.title);
      expect(await grid.getByTestId(`button-favorite-${item.id}`).getAttribute('aria-pressed')).toBe('true');
    }
  });

  it('removing one updates the list, and the other stays', async () => {
    const grid = page.getByTestId('grid-favorites');
    await grid.getByTestId(`button-favorite-${first.id}`).click();
    await gone(grid.getByTestId(`card-item-${first.id}`));
    await eventually(() => cardIds(grid), [second.id]);
    await eventually(() => textOf(page.getByTestId('stat-favorites')), '1Favorites');

    await page.reload();
    await shown(page.getByTestId('grid-favorites'));
    await eventually(() => cardIds(page.getByTestId('grid-favorites')), [second.id]);
  });

  it('the hearts keep their state after a reload of Browse', async () => {
    await page.goto('/browse');
    await shown(heart(second.id));
    await eventually(() => heart(second.id).getAttribute('aria-pressed'), 'true');
    expect(await heart(first.id).getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await shown(heart(second.id));
    await eventually(() => heart(second.id).getAttribute('aria-pressed'), 'true');
    expect(await heart(first.id).getAttribute('aria-pressed')).toBe('false');

    // Removing the last one leaves the empty state.
    await heart(second.id).click();
    await eventually(() => heart(second.id).getAttribute('aria-pressed'), 'false');
    await page.goto('/profile?tab=favorites');
    const empty = page.getByTestId('text-no-favorites');
    await shown(empty);
    await shown(empty.getByText('No favorites yet', { exact: true }));
    expect(await page.getByTestId('grid-favorites').count()).toBe(0);
  });
});
