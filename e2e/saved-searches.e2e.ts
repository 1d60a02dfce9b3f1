import type { Locator, Page } from 'playwright-core';
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
  const name = `${word}, Clothing`;
  let search: SavedSearch;

  /** The search's row on the Saved searches page. */
  const row = () =>
    pageA.getByRole('list', { name: 'Your saved searches' }).getByRole('listitem').filter({ hasText: name });
  /**
   * The row's heading, named `name` and, when new listings match, their count: the badge itself
   * is hidden from assistive technology, the heading says '(1 new match)'.
   */
  const rowHeading = (scope: Locator, newMatches: string | null) =>
    scope.getByRole('heading', { name: newMatches ? `${name} (${newMatches})` : name, exact: true });
  const saveDialog = () => pageA.getByRole('dialog', { name: 'Save this search' });

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
    await pageA.getByRole('button', { name: 'Save this search' }).click();
    const dialog = saveDialog();
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Save this search', exact: true }));
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    expect(await seriousViolations(pageA, '[role="dialog"]')).toEqual([]);
    await expectToastFrom(
      pageA,
      () => dialog.getByRole('button', { name: 'Save search', exact: true }).click(),
      'Search saved',
      'We will tell you when a new listing matches. See all in Saved searches.',
    );
    await gone(dialog);
    [search] = (await getJson<SavedSearch[]>(pageA, '/api/saved-searches')) as [SavedSearch];
    expect(search).toMatchObject({ name, newMatchCount: 0 });
    expect(search.query).toBe(`search=${word}&category=clothing`);
  });

  it('saving the same search again says so in the dialog', async () => {
    await pageA.getByRole('button', { name: 'Save this search' }).click();
    const dialog = saveDialog();
    await dialog.getByRole('button', { name: 'Save search', exact: true }).click();
    await eventually(() => textOf(dialog.getByRole('alert')), `You saved this search already, as "${name}"`);
    await pageA.keyboard.press('Escape');
    await gone(dialog);
  });

  it('lists it on the Saved searches page, reached from the account menu', async () => {
    const menu = await openUserMenu(pageA);
    await menu.getByRole('menuitem', { name: 'Saved searches', exact: true }).click();
    await expectLocation(pageA, '/saved-searches', {});
    await shown(pageA.getByRole('heading', { level: 1, name: 'Saved searches', exact: true }));
    await shown(row());
    expect(await textOf(row())).toContain('No new listings since you last looked');
    expect(await rowHeading(row(), null).count()).toBe(1);
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
    await shown(rowHeading(row(), '1 new match'));
    expect(await textOf(row())).toContain('1 new listing since you last looked');
    // The bell's badge is hidden from assistive technology; the button's name carries the count.
    await shown(pageA.getByRole('button', { name: 'Notifications, 1 unread', exact: true }));
    const [note] = await getJson<Array<{ title: string; message: string; link: string }>>(
      pageA,
      '/api/notifications',
    );
    expect(note).toMatchObject({
      title: 'New match for a saved search',
      message: `"${item.title}" matches your saved search "${name}".`,
      // The alert opens the new item over the search it matched.
      link: `/browse?${search.query}&highlight=${item.id}`,
    });
    expect(await seriousViolations(pageA)).toEqual([]);
  });

  it('opening the search shows Browse with its filters and clears the badge', async () => {
    await row().getByRole('link', { name: 'Open', exact: true }).click();
    await expectLocation(pageA, '/browse', { search: word, category: 'clothing' });
    await shown(pageA.getByText('Found 1 item', { exact: true }));
    await eventually(
      async () => (await getJson<SavedSearch[]>(pageA, '/api/saved-searches'))[0]?.newMatchCount,
      0,
    );
    await pageA.goBack();
    await shown(row());
    expect(await rowHeading(row(), null).count()).toBe(1);

    await row()
      .getByRole('button', { name: `Delete saved search ${name}`, exact: true })
      .click();
    await gone(row());
    await shown(pageA.getByText('No saved searches yet', { exact: true }));
  });
});
