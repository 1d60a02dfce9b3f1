import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Favorite } from '@common/api/items';
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

/** Favourites with the heart, listed under Profile → Favourites. */
describe('a member keeps favourites', () => {
  let page: Page;
  let first: ApiItem;
  let second: ApiItem;

  // A card's name is its item's title, which two listings may share: the card keeps its test id.
  const card = (item: ApiItem) => page.getByTestId(`card-item-${item.id}`);
  const heart = (item: ApiItem) => card(item).getByRole('button', { name: /favourites$/ });
  // The profile's figures are a number beside a label with nothing naming the pair: the
  // Favourites figure keeps its test id.
  const favouritesStat = () => page.getByTestId('stat-favorites');
  // The Favourites tab's panel, named by its tab, holds the favourites' cards.
  const favouritesPanel = () => page.getByRole('tabpanel', { name: 'Favourites' });

  beforeAll(async () => {
    ({ page } = await openBrowser());
    await registerMember(page, 'Fiona');
  });

  it('favourites two items with the heart', async () => {
    await page.goto('/browse');
    // The Browse grid has no name of its own; the page's main region holds only its results.
    const grid = page.getByRole('main');
    await shown(grid.getByRole('article').first());
    await eventually(async () => (await cardIds(grid)).length > 2, true);
    const [a, b] = await cardIds(grid);
    if (!a || !b) throw new Error('Browse shows fewer than two items');
    [first, second] = await Promise.all([
      getJson<ApiItem>(page, `/api/items/${a}`),
      getJson<ApiItem>(page, `/api/items/${b}`),
    ]);

    for (const item of [first, second]) {
      const button = heart(item);
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      expect(await button.getAttribute('aria-label')).toBe(`Add ${item.title} to favourites`);
      await button.click();
      await eventually(() => button.getAttribute('aria-pressed'), 'true');
      expect(await button.getAttribute('aria-label')).toBe(`Remove ${item.title} from favourites`);
    }
    const stored = await getJson<Favorite[]>(page, '/api/favorites');
    expect(stored.map((favorite) => favorite.itemId).sort()).toEqual([first.id, second.id].sort());
  });

  it('sees both under Profile → Favourites', async () => {
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expectLocation(page, '/profile');
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await expectLocation(page, '/profile', { tab: 'favorites' });
    await eventually(() => textOf(favouritesStat()), '2Favourites');
    const grid = favouritesPanel();
    await shown(grid);
    // Newest first.
    await eventually(() => cardIds(grid), [second.id, first.id]);
    for (const item of [first, second]) {
      await shown(card(item).getByRole('link', { name: item.title, exact: true }));
      expect(await heart(item).getAttribute('aria-label')).toBe(`Remove ${item.title} from favourites`);
      expect(await heart(item).getAttribute('aria-pressed')).toBe('true');
    }
  });

  it('removing one updates the list, and the other stays', async () => {
    const grid = favouritesPanel();
    await heart(first).click();
    await gone(card(first));
    await eventually(() => cardIds(grid), [second.id]);
    await eventually(() => textOf(favouritesStat()), '1Favourites');

    await page.reload();
    await shown(favouritesPanel());
    await eventually(() => cardIds(favouritesPanel()), [second.id]);
  });

  it('the hearts keep their state after a reload of Browse', async () => {
    await page.goto('/browse');
    await shown(heart(second));
    await eventually(() => heart(second).getAttribute('aria-pressed'), 'true');
    expect(await heart(first).getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await shown(heart(second));
    await eventually(() => heart(second).getAttribute('aria-pressed'), 'true');
    expect(await heart(first).getAttribute('aria-pressed')).toBe('false');

    // Removing the last one leaves the empty state.
    await heart(second).click();
    await eventually(() => heart(second).getAttribute('aria-pressed'), 'false');
    await page.goto('/profile?tab=favorites');
    await shown(page.getByText('No favourites yet', { exact: true }));
    expect(await favouritesPanel().getByRole('article').count()).toBe(0);
  });
});
