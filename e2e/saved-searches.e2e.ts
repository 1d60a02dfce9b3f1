import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import {
  eventually,
  expectLocation,
  expectToastFrom,
  getJson,
  gone,
  listItemViaApi,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  watchToasts,
} from './support/journeys';
import { openUserMenu } from './support/ui';
import type { SavedSearch } from '@common/api/saved-searches';

/**
 * Member A saves a Browse search; member B lists an item it selects; A's bell and the search's
 * new-match badge show it without a reload, and opening the search goes to Browse and clears
 * the badge (docs/decisions/009-saved-searches.md).
 */
describe('a member saves a search and hears of new matches live', () => {
  let pageA: Page;
  let pageB: Page;
  const word = uniqueWord('Sv');
  let search: SavedSearch;

  beforeAll(async () => {
    const a = await openBrowser({ width: 1280, height: 900 });
    const b = await openBrowser();
    pageA = a.page;
    pageB = b.page;
    await watchToasts(a.context);
    await Promise.all([registerMember(pageA, 'Sadie', 'Saver'), registerMember(pageB, 'Lenny', 'Lister')]);
  });

  it('saves the Browse search under the name the dialog suggests', async () => {
    await pageA.goto(`/browse?search=${word}&category=clothing`);
    await pageA.getByTestId('button-save-search').click();
    const dialog = pageA.getByTestId('dialog-save-search');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Save this search', exact: true }));
    expect(await dialog.getByTestId('input-saved-search-name').inputValue()).toBe(`${word}, Clothing`);
    expect(await seriousViolations(pageA, '[data-testid="dialog-save-search"]')).toEqual([]);
    await expectToastFrom(
      pageA,
      () => dialog.getByTestId('button-confirm-save-search').click(),
      'Search saved',
      'We will tell you when a new listing matches. See all in Saved searches.',
    );
    await gone(dialog);
    [search] = (await getJson<SavedSearch[]>(pageA, '/api/saved-searches')) as [SavedSearch];
    expect(search).toMatchObject({ name: `${word}, Clothing`, newMatchCount: 0 });
    expect(search.query).toBe(`search=${word}&category=clothing`);
  });

  it('saving the same search again says so in the dialog', async () => {
    await pageA.getByTestId('button-save-search').click();
    const dialog = pageA.getByTestId('dialog-save-search');
    await dialog.getByTestId('button-confirm-save-search').click();
    await eventually(
      () => textOf(dialog.getByRole('alert')),
      `You saved this search already, as "${word}, Clothing"`,
    );
    await pageA.keyboard.press('Escape');
    await gone(dialog);
  });

  it('lists it on the Saved searches page, reached from the account menu', async () => {
    const menu = await openUserMenu(pageA);
    await menu.getByTestId('menu-saved-searches').click();
    await expectLocation(pageA, '/saved-searches', {});
    await shown(pageA.getByRole('heading', { level: 1, name: 'Saved searches', exact: true }));
    const row = pageA.getByTestId(`saved-search-${search.id}`);
    await shown(row);
    expect(await textOf(row)).toContain('No new listings since you last looked');
    expect(await row.getByTestId('badge-saved-search-new').count()).toBe(0);
    expect(await seriousViolations(pageA)).toEqual([]);
  });

  it('B lists a matching item: the bell and the badge update without a reload', async () => {
    const item = await listItemViaApi(pageB, {
      title: `${word} corduroy jacket`,
      category: 'clothing',
      gender: 'unisex',
      condition: 'good',
      estimatedValue: 3000,
    });
    const row = pageA.getByTestId(`saved-search-${search.id}`);
    await eventually(() => textOf(row.getByTestId('badge-saved-search-new')), '1');
    expect(await textOf(row)).toContain('1 new listing since you last looked');
    await eventually(() => textOf(pageA.getByTestId('badge-unread-count')), '1');
    const [note] = await getJson<Array<{ title: string; message: string; link: string }>>(
      pageA,
      '/api/notifications',
    );
    expect(note).toMatchObject({
      title: 'New match for a saved search',
      message: `"${item.title}" matches your saved search "${word}, Clothing".`,
      // The alert opens the new item over the search it matched.
      link: `/browse?${search.query}&highlight=${item.id}`,
    });
    expect(await seriousViolations(pageA)).toEqual([]);
  });

  it('opening the search shows Browse with its filters and clears the badge', async () => {
    await pageA.getByTestId(`saved-search-${search.id}`).getByTestId('link-open-saved-search').click();
    await expectLocation(pageA, '/browse', { search: word, category: 'clothing' });
    await eventually(() => textOf(pageA.getByTestId('text-result-count')), 'Found 1 item');
    await eventually(
      async () => (await getJson<SavedSearch[]>(pageA, '/api/saved-searches'))[0]?.newMatchCount,
      0,
    );
    await pageA.goBack();
    const row = pageA.getByTestId(`saved-search-${search.id}`);
    await shown(row);
    expect(await row.getByTestId('badge-saved-search-new').count()).toBe(0);

    await row.getByTestId('button-delete-saved-search').click();
    await gone(row);
    await shown(pageA.getByTestId('empty-saved-searches'));
  });
});
