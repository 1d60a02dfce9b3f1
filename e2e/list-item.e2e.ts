import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  cardIds,
  choose,
  eventually,
  expectLocation,
  expectToastFrom,
  getJson,
  gone,
  itemTotal,
  listItemViaApi,
  pngFiles,
  registerMember,
  shown,
  textOf,
  toastLog,
  uniqueWord,
  watchToasts,
} from './support/journeys';

/** A member lists an item with photos, finds it, edits it and deletes it (docs/product.md § Items). */
describe('a member lists, edits and deletes an item', () => {
  let page: Page;
  const word = uniqueWord('Lx');
  const title = `${word} linen shirt`;
  const editedTitle = `${word} linen overshirt`;
  let itemId = '';

  beforeAll(async () => {
    const browser = await openBrowser();
    page = browser.page;
    await watchToasts(browser.context);
    await registerMember(page, 'Lena');
  });

  it('lists an item with two photos and a value in dollars', async () => {
    await page.goto('/browse');
    await page.getByTestId('button-list-item').click();
    const dialog = page.getByTestId('dialog-list-item');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'List an Item', exact: true }));

    await page.locator('#input-photos').setInputFiles(await pngFiles(2));
    await shown(dialog.getByTestId('photo-0'));
    await shown(dialog.getByTestId('photo-1'));
    await eventually(() => dialog.locator('[data-testid^="progress-photo-"]').count(), 0);
    expect(await dialog.locator('[data-testid^="photo-"]').count()).toBe(2);

    await page.locator('#item-title').fill(title);
    await page
      .locator('#item-description')
      .fill('Relaxed fit, washed linen, worn twice. Would swap for sandals.');
    await choose(page, page.getByTestId('select-item-category'), 'Clothing');
    await choose(page, page.getByTestId('select-item-gender'), 'Women');
    await choose(page, page.getByTestId('select-item-condition'), 'Like New');
    await page.locator('#item-brand').fill('Arket');
    await page.locator('#item-size').selectOption('M');
    await page.locator('#item-value').fill('42.50');

    await expectToastFrom(
      page,
      () => dialog.getByTestId('button-submit-item').click(),
      'Item listed!',
      `"${title}" is now live in the marketplace`,
    );
    await gone(dialog);
  });

  it('finds it in Browse by its title, as the owner sees it', async () => {
    await page.getByTestId('input-browse-search').fill(title);
    await expectLocation(page, '/browse', { search: title });
    // The search also finds similar titles; the listing itself is the best match.
    const total = await itemTotal(page, { search: title });
    await eventually(
      () => textOf(page.getByTestId('text-result-count')),
      total === 1 ? 'Found 1 item' : `Found ${total} items`,
    );
    const [best] = await getJson<ApiItem[]>(
      page,
      `/api/items?${new URLSearchParams({ search: title, limit: '1' }).toString()}`,
    );
    expect(best?.title).toBe(title);
    itemId = best?.id ?? '';
    await eventually(async () => (await cardIds(page.getByTestId('grid-browse')))[0], itemId);

    const stored = await getJson<ApiItem>(page, `/api/items/${itemId}`);
    expect(stored).toMatchObject({
      title,
      category: 'clothing',
      gender: 'women',
      condition: 'like-new',
      brand: 'Arket',
      size: 'M',
      estimatedValue: 4250,
    });
    expect(stored.images).toHaveLength(2);

    const card = page.getByTestId(`card-item-${itemId}`);
    expect(await textOf(card.getByTestId(`link-item-${itemId}`))).toBe(title);
    expect(await textOf(card.getByTestId(`text-value-${itemId}`))).toBe('Estimated value $42.50');
    expect(await textOf(card.getByTestId(`text-owner-${itemId}`))).toContain('Your item');
    await shown(card.getByTestId(`button-item-menu-${itemId}`));
    // The owner gets the menu instead of Barter, and no Smart Match or heart.
    for (const testId of ['button-barter', 'button-smart-match', 'button-favorite']) {
      expect(await card.getByTestId(`${testId}-${itemId}`).count()).toBe(0);
    }

    // Both photos are in the detail view.
    await card.getByTestId(`button-view-${itemId}`).click();
    const detail = page.getByTestId('dialog-item-detail');
    await shown(detail);
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), title);
    expect(await textOf(detail.getByTestId('text-detail-value'))).toBe('Estimated value $42.50');
    await shown(detail.getByTestId('button-photo-0'));
    await shown(detail.getByTestId('button-photo-1'));
    await shown(detail.getByText('1 / 2', { exact: true }));
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(detail);

    // Its distinctive word finds it alone.
    await page.getByTestId('input-browse-search').fill(word);
    await expectLocation(page, '/browse', { search: word });
    await eventually(() => textOf(page.getByTestId('text-result-count')), 'Found 1 item');
    await eventually(() => cardIds(page.getByTestId('grid-browse')), [itemId]);
  });

  it("edits its title and value from the card's menu", async () => {
    await page.getByTestId(`button-item-menu-${itemId}`).click();
    await page.getByTestId('menu-edit-item').click();
    const dialog = page.getByTestId('dialog-list-item');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Edit Item', exact: true }));
    await eventually(() => page.locator('#item-title').inputValue(), title);
    expect(await page.locator('#item-value').inputValue()).toBe('42.50');
    expect(await dialog.locator('[data-testid^="photo-"]').count()).toBe(2);

    await page.locator('#item-title').fill(editedTitle);
    await page.locator('#item-value').fill('55');
    const save = dialog.getByTestId('button-submit-item');
    expect(await textOf(save)).toBe('Save Changes');
    await expectToastFrom(page, () => save.click(), 'Item updated', 'Your changes have been saved');
    await gone(dialog);

    const card = page.getByTestId(`card-item-${itemId}`);
    await eventually(() => textOf(card.getByTestId(`link-item-${itemId}`)), editedTitle);
    await eventually(() => textOf(card.getByTestId(`text-value-${itemId}`)), 'Estimated value $55.00');

    // The change is stored.
    await page.reload();
    await eventually(() => textOf(page.getByTestId(`link-item-${itemId}`)), editedTitle);
    expect(await textOf(page.getByTestId(`text-value-${itemId}`))).toBe('Estimated value $55.00');
    const stored = await getJson<ApiItem>(page, `/api/items/${itemId}`);
    expect(stored).toMatchObject({ title: editedTitle, estimatedValue: 5500 });
    expect(stored.images).toHaveLength(2);
  });

  /** Deletes an item from the Manage menu opened by `menuButton`, accepting (and returning) the browser's confirmation. */
  async function deleteFromMenu(menuButton: Locator): Promise<string[]> {
    const prompts: string[] = [];
    page.once('dialog', (prompt) => {
      prompts.push(`${prompt.type()}: ${prompt.message()}`);
      void prompt.accept();
    });
    await menuButton.click();
    await page.getByTestId('menu-delete-item').click();
    return prompts;
  }

  it("deletes it from the card's menu after the browser confirmation, and it is gone from Browse", async () => {
    const prompts = await deleteFromMenu(page.getByTestId(`button-item-menu-${itemId}`));
    await gone(page.getByTestId(`card-item-${itemId}`));
    expect(prompts).toEqual([CONFIRMATION]);
    // (The 'Item deleted' toast is checked below, on the detail view and, as a known bug, on the card.)
    const empty = page.getByTestId('empty-browse');
    await shown(empty);
    await eventually(() => textOf(page.getByTestId('text-result-count')), 'No items found');
    await shown(empty.getByText('Try adjusting your search or category filters', { exact: true }));

    // Gone for good: after a reload, and from the marketplace (the owner still reads it as unlisted).
    await page.reload();
    await shown(page.getByTestId('empty-browse'));
    await eventually(() => textOf(page.getByTestId('text-result-count')), 'No items found');
    expect(await page.getByTestId(`card-item-${itemId}`).count()).toBe(0);
    expect(await itemTotal(page, { search: word })).toBe(0);
    expect(await getJson<ApiItem & { isActive: boolean }>(page, `/api/items/${itemId}`)).toMatchObject({
      isActive: false,
    });
  });

  it("deleting from the detail view shows 'Item deleted' and closes the view", async () => {
    const other = await listItemViaApi(page, {
      title: `${uniqueWord('Dx')} wool scarf`,
      category: 'accessories',
      estimatedValue: 1800,
    });
    await page.goto(`/browse?highlight=${other.id}`);
    const detail = page.getByTestId('dialog-item-detail');
    await shown(detail);
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), other.title);
    let prompts: string[] = [];
    await expectToastFrom(
      page,
      async () => {
        prompts = await deleteFromMenu(detail.getByTestId('button-detail-item-menu'));
      },
      'Item deleted',
      'Your item has been removed from the marketplace',
    );
    expect(prompts).toEqual([CONFIRMATION]);
    await gone(detail);
    await expectLocation(page, '/browse');
    expect(await itemTotal(page, { search: other.title.split(' ')[0] ?? '' })).toBe(0);
  });

  /* Deleting from a card's menu (which unmounts the card) still shows its toast. */
  it("deleting from a card's menu deletes the item and shows 'Item deleted'", async () => {
    const word3 = uniqueWord('Cx');
    const third = await listItemViaApi(page, {
      title: `${word3} canvas tote`,
      category: 'accessories',
      estimatedValue: 2400,
    });
    await page.goto(`/browse?search=${word3}`);
    const menu = page.getByTestId(`button-item-menu-${third.id}`);
    await shown(menu);
    const before = (await toastLog(page)).length;
    const prompts = await deleteFromMenu(menu);
    await gone(page.getByTestId(`card-item-${third.id}`));
    expect(prompts).toEqual([CONFIRMATION]);
    expect(await itemTotal(page, { search: word3 })).toBe(0);
    await expect
      .poll(async () => (await toastLog(page)).slice(before), { timeout: 30_000, interval: 100 })
      .toContainEqual(['Item deleted', 'Your item has been removed from the marketplace']);
  });
});

const CONFIRMATION = 'confirm: Are you sure you want to delete this item?';
