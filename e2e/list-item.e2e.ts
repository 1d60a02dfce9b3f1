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

  // A card's name is its item's title, which two listings may share: the card keeps its test id.
  const card = (id: string) => page.getByTestId(`card-item-${id}`);
  // The count of results is a live paragraph with no name of its own.
  const resultCount = () => page.getByTestId('text-result-count');
  const search = () => page.getByRole('searchbox', { name: 'Search fashion items' });
  const listItemDialog = (name: string) => page.getByRole('dialog', { name, exact: true });
  const detailDialog = (title: string) => page.getByRole('dialog', { name: title, exact: true });

  beforeAll(async () => {
    const browser = await openBrowser();
    page = browser.page;
    await watchToasts(browser.context);
    await registerMember(page, 'Lena');
  });

  it('lists an item with two photos and a value in dollars', async () => {
    await page.goto('/browse');
    await page.getByRole('banner').getByRole('button', { name: 'List Item', exact: true }).click();
    const dialog = listItemDialog('List an Item');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'List an Item', exact: true }));

    await page.locator('#input-photos').setInputFiles(await pngFiles(2));
    const chosen = dialog.getByRole('list', { name: 'Chosen photos' });
    await shown(chosen.getByRole('img', { name: 'Photo 1', exact: true }));
    await shown(chosen.getByRole('img', { name: 'Photo 2', exact: true }));
    await eventually(() => chosen.getByRole('progressbar').count(), 0);
    // Two photos (the list's last tile is 'Add photo').
    expect(await chosen.getByRole('img', { name: /^Photo \d+$/ }).count()).toBe(2);

    await page.locator('#item-title').fill(title);
    await page
      .locator('#item-description')
      .fill('Relaxed fit, washed linen, worn twice. Would swap for sandals.');
    await choose(page, dialog.getByRole('combobox', { name: 'Category', exact: true }), 'Clothing');
    await choose(page, dialog.getByRole('combobox', { name: 'For', exact: true }), 'Women');
    await choose(page, dialog.getByRole('combobox', { name: 'Condition', exact: true }), 'Like New');
    await page.locator('#item-brand').fill('Arket');
    await page.locator('#item-size').selectOption('M');
    await page.locator('#item-value').fill('42.50');

    await expectToastFrom(
      page,
      () => dialog.getByRole('button', { name: 'List Item', exact: true }).click(),
      'Item listed!',
      `"${title}" is now live in the marketplace`,
    );
    await gone(dialog);
  });

  it('finds it in Browse by its title, as the owner sees it', async () => {
    await search().fill(title);
    await expectLocation(page, '/browse', { search: title });
    // The search also finds similar titles; the listing itself is the best match.
    const total = await itemTotal(page, { search: title });
    await eventually(() => textOf(resultCount()), total === 1 ? 'Found 1 item' : `Found ${total} items`);
    const [best] = await getJson<ApiItem[]>(
      page,
      `/api/items?${new URLSearchParams({ search: title, limit: '1' }).toString()}`,
    );
    expect(best?.title).toBe(title);
    itemId = best?.id ?? '';
    // The grid has no name of its own.
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

    const listed = card(itemId);
    await shown(listed.getByRole('link', { name: title, exact: true }));
    await shown(listed.getByText('Estimated value $42.50', { exact: true }));
    await shown(listed.getByText('Your item', { exact: true }));
    await shown(listed.getByRole('button', { name: `Manage ${title}`, exact: true }));
    // The owner gets the menu instead of Barter, and no Smart Match or heart.
    expect(await listed.getByRole('button', { name: 'Barter', exact: true }).count()).toBe(0);
    expect(await listed.getByRole('button', { name: 'Smart Match', exact: true }).count()).toBe(0);
    expect(await listed.getByRole('button', { name: /favourites$/ }).count()).toBe(0);

    // Both photos are in the detail view.
    await listed.getByRole('link', { name: `View ${title}`, exact: true }).click();
    const detail = detailDialog(title);
    await shown(detail);
    await shown(detail.getByRole('heading', { name: title, exact: true }));
    // The same value can show on a similar item's card below: the detail's own keeps its test id.
    expect(await textOf(detail.getByTestId('text-detail-value'))).toBe('Estimated value $42.50');
    const photos = detail.getByRole('list', { name: 'Choose a photo' });
    await shown(photos.getByRole('button', { name: 'Show photo 1', exact: true }));
    await shown(photos.getByRole('button', { name: 'Show photo 2', exact: true }));
    await shown(detail.getByText('1 / 2', { exact: true }));
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(detail);

    // Its distinctive word finds it alone.
    await search().fill(word);
    await expectLocation(page, '/browse', { search: word });
    await eventually(() => textOf(resultCount()), 'Found 1 item');
    await eventually(() => cardIds(page.getByTestId('grid-browse')), [itemId]);
  });

  it("edits its title and value from the card's menu", async () => {
    await card(itemId)
      .getByRole('button', { name: `Manage ${title}`, exact: true })
      .click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const dialog = listItemDialog('Edit Item');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Edit Item', exact: true }));
    await eventually(() => page.locator('#item-title').inputValue(), title);
    expect(await page.locator('#item-value').inputValue()).toBe('42.50');
    const chosen = dialog.getByRole('list', { name: 'Chosen photos' });
    expect(await chosen.getByRole('img', { name: /^Photo \d+$/ }).count()).toBe(2);

    await page.locator('#item-title').fill(editedTitle);
    await page.locator('#item-value').fill('55');
    // The submit button reads 'Save Changes' when editing.
    const save = dialog.getByRole('button', { name: 'Save Changes', exact: true });
    await expectToastFrom(page, () => save.click(), 'Item updated', 'Your changes have been saved');
    await gone(dialog);

    await shown(card(itemId).getByRole('link', { name: editedTitle, exact: true }));
    await shown(card(itemId).getByText('Estimated value $55.00', { exact: true }));

    // The change is stored.
    await page.reload();
    await shown(card(itemId).getByRole('link', { name: editedTitle, exact: true }));
    await shown(card(itemId).getByText('Estimated value $55.00', { exact: true }));
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
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    return prompts;
  }

  it("deletes it from the card's menu after the browser confirmation, and it is gone from Browse", async () => {
    const prompts = await deleteFromMenu(
      card(itemId).getByRole('button', { name: `Manage ${editedTitle}`, exact: true }),
    );
    await gone(card(itemId));
    expect(prompts).toEqual([CONFIRMATION]);
    // (The 'Item deleted' toast is checked below, on the detail view and, as a known bug, on the card.)
    const empty = page.getByRole('heading', { name: 'No items found', exact: true });
    await shown(empty);
    await eventually(() => textOf(resultCount()), 'No items found');
    await shown(page.getByText('Try adjusting your search or category filters', { exact: true }));

    // Gone for good: after a reload, and from the marketplace (the owner still reads it as unlisted).
    await page.reload();
    await shown(empty);
    await eventually(() => textOf(resultCount()), 'No items found');
    expect(await card(itemId).count()).toBe(0);
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
    const detail = detailDialog(other.title);
    await shown(detail);
    await shown(detail.getByRole('heading', { name: other.title, exact: true }));
    let prompts: string[] = [];
    await expectToastFrom(
      page,
      async () => {
        prompts = await deleteFromMenu(
          detail.getByRole('button', { name: `Manage ${other.title}`, exact: true }),
        );
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
    const menu = card(third.id).getByRole('button', { name: `Manage ${third.title}`, exact: true });
    await shown(menu);
    const before = (await toastLog(page)).length;
    const prompts = await deleteFromMenu(menu);
    await gone(card(third.id));
    expect(prompts).toEqual([CONFIRMATION]);
    expect(await itemTotal(page, { search: word3 })).toBe(0);
    await expect
      .poll(async () => (await toastLog(page)).slice(before), { timeout: 30_000, interval: 100 })
      .toContainEqual(['Item deleted', 'Your item has been removed from the marketplace']);
  });
});

const CONFIRMATION = 'confirm: Are you sure you want to delete this item?';
