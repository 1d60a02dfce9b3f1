import type { Locator, Page } from 'playwright-core';
import { isOpenForOffers } from '@common/domain/trade-state';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  cardIds,
  dollars,
  eventually,
  expectLocation,
  getJson,
  gone,
  itemTotal,
  shown,
  textOf,
  watchToasts,
} from './support/journeys';

/** Browse shows the first page of this many items, then 'Load more' (docs/product.md § Browse and search). */
const PAGE_SIZE = 24;
const BRAND = 'Zara';
const CONDITION_LABELS: Record<string, string> = {
  new: 'New',
  'like-new': 'Like New',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};
const CATEGORY_LABELS: Record<string, string> = {
  clothing: 'Clothing',
  shoes: 'Shoes',
  accessories: 'Accessories',
};

function found(total: number): string {
  return total === 1 ? 'Found 1 item' : `Found ${total} items`;
}

/** The value a card, a list row or the detail view shows, as a screen reader reads it. */
function valueText(cents: number): string {
  return `Estimated value ${dollars(cents)}`;
}

/** The value shown under `label` in the detail view's facts (a description list: term, then value). */
function fact(dialog: Locator, label: string): Locator {
  return dialog
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The items GET /api/items answers first for `query`, in its order: what Browse must show. */
async function firstPageIds(page: Page, query: Record<string, string>): Promise<string[]> {
  const params = new URLSearchParams({ ...query, limit: String(PAGE_SIZE) });
  return (await getJson<ApiItem[]>(page, `/api/items?${params.toString()}`)).map((item) => item.id);
}

/**
 * `locator`'s box once it has stayed put for 200 ms: the filter panel's sections can still be
 * growing (its counts arriving) when it first shows, and a drag aimed at a box measured before
 * that would land on whatever moved under it.
 */
async function settledBox(page: Page, locator: Locator) {
  let last: Awaited<ReturnType<Locator['boundingBox']>> = null;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const box = await locator.boundingBox();
    if (box && last && box.x === last.x && box.y === last.y && box.width === last.width) return box;
    last = box;
    await page.waitForTimeout(200);
  }
  throw new Error('the price slider did not stop moving');
}

/** Drags a price slider thumb to `dollarValue` (the slider runs from $0 to $500). */
async function dragThumb(page: Page, slider: Locator, thumb: Locator, dollarValue: number): Promise<void> {
  const track = await settledBox(page, slider);
  const handle = await settledBox(page, thumb);
  const y = handle.y + handle.height / 2;
  await page.mouse.move(handle.x + handle.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(track.x + (track.width * dollarValue) / 500, y, { steps: 8 });
  await page.mouse.up();
}

/** Browse, the category page and the item card, and visitors' 'Login required' (docs/product.md § Screens and routes). */
describe('a visitor discovers items', () => {
  let page: Page;
  // The grid, the list and a card keep their test ids: the grid and the list have no name, and a
  // card's name is its item's title, which two listings may share.
  const grid = () => page.getByTestId('grid-browse');
  const list = () => page.getByTestId('list-browse');
  const card = (id: string) => page.getByTestId(`card-item-${id}`);
  const row = (id: string) => page.getByTestId(`row-item-${id}`);
  /** The results count ('Found 24 items') reading exactly `text`. */
  const resultCount = (text: string) => page.getByText(text, { exact: true });
  const chips = () => page.getByRole('button', { name: /^Remove filter / });
  /** An active filter's chip, named for what its click does. */
  const removeChip = (label: string) =>
    page.getByRole('button', { name: `Remove filter ${label}`, exact: true });

  beforeAll(async () => {
    const browser = await openBrowser();
    page = browser.page;
    await watchToasts(browser.context);
  });

  it('Browse & Barter lists the marketplace with its total', async () => {
    await page.goto('/browse');
    await shown(page.getByRole('heading', { level: 1, name: 'Browse & Barter', exact: true }));
    await shown(page.getByText('Find your perfect fashion match', { exact: true }));
    expect(
      await page.getByRole('searchbox', { name: 'Search fashion items' }).getAttribute('placeholder'),
    ).toBe('Search fashion items...');
    const total = await itemTotal(page);
    expect(total).toBeGreaterThan(PAGE_SIZE);
    await shown(resultCount(found(total)));
    await eventually(() => cardIds(grid()), await firstPageIds(page, {}));
    // No filter is active yet.
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(1);
    expect(await chips().count()).toBe(0);
    expect(await page.getByText('Active filters:', { exact: true }).count()).toBe(0);
  });

  it('the sort control orders the list and keeps the order in the URL; back to Newest drops it', async () => {
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    expect(await sort.inputValue()).toBe('newest');
    await sort.selectOption('price-low');
    await expectLocation(page, '/browse', { sortBy: 'price-low' });
    await eventually(() => cardIds(grid()), await firstPageIds(page, { sortBy: 'price-low' }));
    await sort.selectOption('newest');
    await expectLocation(page, '/browse', {});
    await eventually(() => cardIds(grid()), await firstPageIds(page, {}));
    // A search offers 'Best Match', its default order.
    await page.goto('/browse?search=dress');
    await eventually(() => sort.locator('option').first().textContent(), 'Best Match');
    expect(await sort.inputValue()).toBe('relevance');
    await page.goto('/browse');
    await eventually(() => sort.inputValue(), 'newest');
  });

  it('searching for a brand narrows the results and keeps the search in the URL', async () => {
    await page.getByRole('searchbox', { name: 'Search fashion items' }).fill(BRAND);
    await expectLocation(page, '/browse', { search: BRAND });
    const total = await itemTotal(page, { search: BRAND });
    expect(total).toBeGreaterThan(0);
    await shown(resultCount(found(total)));
    const ids = await firstPageIds(page, { search: BRAND });
    await eventually(() => cardIds(grid()), ids);
    for (const id of ids) expect(await textOf(card(id))).toContain(BRAND);
  });

  const filtered = { search: BRAND, condition: 'good,like-new', minPrice: '20', maxPrice: '30' };

  it('filters by condition and price range, with the badge, the chips and the URL', async () => {
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Advanced Filters' });
    await shown(panel);
    await shown(panel.getByRole('heading', { name: 'Advanced Filters' }));

    for (const condition of ['good', 'like-new']) {
      const toggle = panel.getByRole('button', { name: new RegExp(`^${CONDITION_LABELS[condition]}\\b`) });
      await toggle.click();
      await eventually(() => toggle.getAttribute('aria-pressed'), 'true');
    }
    await expectLocation(page, '/browse', { search: BRAND, condition: 'good,like-new' });

    const slider = page.getByTestId('slider-price');
    await dragThumb(page, slider, page.getByRole('slider', { name: 'Maximum price' }), 30);
    await expectLocation(page, '/browse', { search: BRAND, condition: 'good,like-new', maxPrice: '30' });
    await dragThumb(page, slider, page.getByRole('slider', { name: 'Minimum price' }), 20);
    await expectLocation(page, '/browse', filtered);
    await shown(panel.getByRole('group', { name: 'Price range' }).getByText('$20 – $30', { exact: true }));

    await expectFilteredResults(['good', 'like-new'], 3);
  });

  /** The badge, the chips, the count and the cards for the Zara search filtered to `conditions` and $20-$30. */
  async function expectFilteredResults(conditions: string[], activeFilters: number) {
    await shown(page.getByRole('button', { name: new RegExp(`^Filters\\W*${activeFilters} active\\W*$`) }));
    await eventually(
      () => chips().allTextContents(),
      [...conditions.map((value) => CONDITION_LABELS[value]), '$20 – $30'],
    );
    for (const condition of conditions) await shown(removeChip(CONDITION_LABELS[condition] ?? condition));
    await shown(removeChip('$20 – $30'));

    const query = { ...filtered, condition: conditions.join(',') };
    const total = await itemTotal(page, query);
    expect(total).toBeGreaterThan(0);
    await shown(resultCount(found(total)));
    const ids = await firstPageIds(page, query);
    await eventually(() => cardIds(grid()), ids);
    // Each card is in range and in one of the chosen conditions.
    for (const id of ids) {
      const value = Number(
        (await textOf(card(id).getByText(/^Estimated value \$[\d,.]+$/))).replace(/[^0-9.]/g, ''),
      );
      expect(value).toBeGreaterThanOrEqual(20);
      expect(value).toBeLessThanOrEqual(30);
      const text = await textOf(card(id));
      expect(conditions.some((condition) => text.includes(CONDITION_LABELS[condition] ?? '?'))).toBe(true);
      expect(text).toContain(BRAND);
    }
  }

  it('a reload keeps the search and the filters', async () => {
    await page.reload();
    await expectLocation(page, '/browse', filtered);
    await eventually(() => page.getByRole('searchbox', { name: 'Search fashion items' }).inputValue(), BRAND);
    await expectFilteredResults(['good', 'like-new'], 3);
  });

  it('removing a chip drops that filter', async () => {
    await removeChip('Good').click();
    await expectLocation(page, '/browse', { ...filtered, condition: 'like-new' });
    await gone(removeChip('Good'));
    await expectFilteredResults(['like-new'], 2);
  });

  it('the list view shows rows with brand, size, condition, value and Start Barter', async () => {
    const ids = await cardIds(grid());
    await page.getByRole('button', { name: 'List view' }).click();
    await eventually(
      () => page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed'),
      'true',
    );
    expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('false');
    await shown(list());
    expect(await grid().count()).toBe(0);
    const items = await getJson<ApiItem[]>(
      page,
      `/api/items?${new URLSearchParams({ ...filtered, condition: 'like-new', limit: String(PAGE_SIZE) }).toString()}`,
    );
    expect(items.map((item) => item.id)).toEqual(ids);
    for (const item of items) {
      await shown(row(item.id));
      const text = await textOf(row(item.id));
      expect(text).toContain(item.title);
      expect(text).toContain(`Brand:${item.brand ?? 'Unknown'}`);
      expect(text).toContain(`Size:${item.size ?? 'N/A'}`);
      expect(text).toContain('Condition:Like New');
      await shown(row(item.id).getByText(valueText(item.estimatedValue), { exact: true }));
      await shown(row(item.id).getByRole('button', { name: 'Start Barter', exact: true }));
    }
  });

  it('clearing the search and filters, then Load more adds the next page', async () => {
    await page.getByRole('button', { name: 'Clear all', exact: true }).click();
    await expectLocation(page, '/browse', { search: BRAND });
    await gone(page.getByText('Active filters:', { exact: true }));
    expect(await chips().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search fashion items' }).fill('');
    await expectLocation(page, '/browse');

    const total = await itemTotal(page);
    await shown(resultCount(found(total)));
    const rows = list().locator('[data-testid^="row-item-"]');
    // Each row is an article named by its item's title.
    await eventually(() => list().getByRole('article').count(), PAGE_SIZE);
    await shown(page.getByText(`Showing ${PAGE_SIZE} of ${total}`, { exact: true }));

    await page.getByRole('button', { name: 'Load more' }).click();
    await eventually(() => list().getByRole('article').count(), Math.min(2 * PAGE_SIZE, total));
    await shown(page.getByText(`Showing ${Math.min(2 * PAGE_SIZE, total)} of ${total}`, { exact: true }));
    const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(PAGE_SIZE) });
    const second = (await getJson<ApiItem[]>(page, `/api/items?${params.toString()}`)).map((item) => item.id);
    const shownIds = await rows.evaluateAll((list) =>
      list.map((row) => (row.getAttribute('data-testid') ?? '').slice('row-item-'.length)),
    );
    expect(shownIds.slice(PAGE_SIZE)).toEqual(second);
    // Still the list view.
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
  });

  let detailItem: ApiItem;

  it('opening an item shows its detail view at /browse?highlight=… with every field', async () => {
    const rows = list().locator('[data-testid^="row-item-"]');
    const ids = (
      await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-testid') ?? ''))
    ).map((testId) => testId.slice('row-item-'.length));
    // An item of the second page still open for offers: other journeys on this shared app reserve
    // items, and a reserved item's detail offers no Barter.
    let id = '';
    for (const candidate of ids.slice(PAGE_SIZE)) {
      const item = await getJson<ApiItem>(page, `/api/items/${candidate}`);
      if (!isOpenForOffers(item)) continue;
      id = candidate;
      detailItem = item;
      break;
    }
    if (!id) throw new Error('no item open for offers on the second page');
    await row(id).getByRole('link', { name: detailItem.title, exact: true }).click();
    await expectLocation(page, '/browse', { highlight: id });
    await expectDetail(detailItem);

    // The address opens the same view directly.
    await page.reload();
    await expectLocation(page, '/browse', { highlight: id });
    await expectDetail(detailItem);

    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog', { name: detailItem.title }));
    await expectLocation(page, '/browse');
  });

  async function expectDetail(item: ApiItem) {
    const dialog = page.getByRole('dialog', { name: item.title });
    await shown(dialog);
    await shown(dialog.getByText(valueText(item.estimatedValue), { exact: true }));
    await shown(dialog.getByText(item.description.replace(/\s+/g, ' ').trim(), { exact: true }));
    expect(await textOf(fact(dialog, 'Category'))).toBe(CATEGORY_LABELS[item.category]);
    expect(await textOf(fact(dialog, 'Brand'))).toBe(item.brand ?? 'Unknown');
    expect(await textOf(fact(dialog, 'Size'))).toBe(item.size ?? 'N/A');
    expect(await textOf(fact(dialog, 'Condition'))).toBe(CONDITION_LABELS[item.condition]);
    const owner = [item.owner.firstName, item.owner.lastName].filter(Boolean).join(' ');
    await shown(dialog.getByRole('region', { name: 'Owner' }).getByText(owner, { exact: true }));
    await shown(dialog.getByRole('img', { name: new RegExp(`^${escapeRegExp(item.title)}`) }).first());
    // Visitors get Barter and the heart, but no Smart Match.
    await shown(dialog.getByRole('button', { name: 'Barter', exact: true }));
    expect(await dialog.getByRole('button', { name: 'Smart Match' }).count()).toBe(0);
  }

  /** The sign-in dialog, opened by `action`, says what signing in gives; its Close button closes it. */
  async function expectSignInAsked(action: () => Promise<void>, reason: string, demoNote?: string) {
    await action();
    const auth = page.getByRole('dialog', { name: /^(Welcome back|Join Threadswap)$/ });
    await shown(auth);
    await shown(auth.getByText(reason, { exact: true }));
    if (demoNote) await shown(auth.getByText(demoNote, { exact: true }));
    await auth.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(auth);
  }

  it("a visitor's Barter, heart, bookmark and Message open the sign-in dialog saying what they get", async () => {
    // Reserved by another journey since? Then the first item still open for offers instead.
    const current = await getJson<ApiItem>(page, `/api/items/${detailItem.id}`);
    if (!isOpenForOffers(current)) {
      const open = (await getJson<Array<ApiItem>>(page, `/api/items?limit=${PAGE_SIZE}`)).find((item) =>
        isOpenForOffers(item),
      );
      if (!open) throw new Error('no item open for offers on the first page');
      detailItem = await getJson<ApiItem>(page, `/api/items/${open.id}`);
    }
    await page.goto(`/browse?highlight=${detailItem.id}`);
    const dialog = page.getByRole('dialog', { name: detailItem.title });
    await expectDetail(detailItem);
    await expectSignInAsked(
      () => dialog.getByRole('button', { name: 'Barter', exact: true }).click(),
      'Sign in to offer one of your items for this one. Swaps are free, item for item.',
      'Please use the Dev Login button to test the barter feature.',
    );
    expect(await page.getByRole('dialog', { name: 'Make a Barter Request' }).count()).toBe(0);
    const heart = dialog.getByRole('button', { name: `Add ${detailItem.title} to favourites` });
    await expectSignInAsked(
      () => heart.click(),
      'Sign in to save favourites and hear when they are reserved or available again.',
    );
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await expectSignInAsked(
      () => dialog.getByRole('button', { name: `Bookmark ${detailItem.title} to wishlist` }).click(),
      'Sign in to keep a wishlist and hear as soon as a matching item is listed.',
    );
    await expectSignInAsked(
      () =>
        dialog.getByRole('button', { name: `Message ${detailItem.owner.firstName} about this item` }).click(),
      'Sign in to message members about their items and agree on your swaps.',
    );

    // The same on a card in the grid.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(dialog);
    await expectLocation(page, '/browse');
    await page.getByRole('button', { name: 'Grid view' }).click();
    // The first card still open for offers: other journeys on this shared app reserve items.
    const listed = await getJson<Array<ApiItem>>(page, `/api/items?limit=${PAGE_SIZE}`);
    const first = listed.find((item) => isOpenForOffers(item))?.id;
    if (!first) throw new Error('no item open for offers on the first page');
    await shown(card(first));
    expect(await card(first).getByRole('button', { name: 'Smart Match' }).count()).toBe(0);
    await expectSignInAsked(
      () => card(first).getByRole('button', { name: 'Barter', exact: true }).click(),
      'Sign in to offer one of your items for this one. Swaps are free, item for item.',
    );
    await expectSignInAsked(
      () =>
        card(first)
          .getByRole('button', { name: /^Add .* to favourites$/ })
          .click(),
      'Sign in to save favourites and hear when they are reserved or available again.',
    );
    expect(await page.getByRole('dialog', { name: 'Make a Barter Request' }).count()).toBe(0);
  });

  it("Categories: choosing Shoes shows 'N items available' matching the card's count", async () => {
    await page.goto('/categories');
    await shown(page.getByRole('heading', { level: 1, name: 'Shop by Category', exact: true }));
    // A category's card is a toggle button named by its count, its label and its description.
    const categories = page.getByRole('list', { name: 'Categories', exact: true });
    const category = (label: string) =>
      categories.getByRole('button').filter({ has: page.getByText(label, { exact: true }) });
    for (const label of ['All Items', 'Clothing', 'Shoes', 'Accessories', "Women's", "Men's"]) {
      await shown(category(label));
    }
    const all = await itemTotal(page);
    const available = (count: number) => page.getByText(`${count} items available`, { exact: true });
    await shown(available(all));

    const shoes = category('Shoes');
    await shoes.click();
    await expectLocation(page, '/categories', { category: 'shoes' });
    await eventually(() => shoes.getAttribute('aria-pressed'), 'true');
    expect(await category('All Items').getAttribute('aria-pressed')).toBe('false');
    await shown(page.getByRole('heading', { level: 2, name: 'Shoes', exact: true }));

    // The card's count, read as 'N items'.
    const badge = shoes.getByText(/^\d+ items$/);
    await shown(badge);
    const count = Number((await textOf(badge)).replace(/ items$/, ''));
    expect(count).toBe(await itemTotal(page, { category: 'shoes' }));
    expect(count).toBeGreaterThan(0);
    await shown(available(count));

    const ids = await firstPageIds(page, { category: 'shoes' });
    await eventually(() => cardIds(page.getByTestId('grid-category')), ids);
    for (const id of ids) expect(await textOf(card(id))).toContain('Shoes');

    await page.getByRole('link', { name: 'View All Categories' }).click();
    await expectLocation(page, '/categories');
    await shown(available(all));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
