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
  const grid = () => page.getByTestId('grid-browse');
  const resultCount = () => page.getByTestId('text-result-count');

  beforeAll(async () => {
    const browser = await openBrowser();
    page = browser.page;
    await watchToasts(browser.context);
  });

  it('Browse & Barter lists the marketplace with its total', async () => {
    await page.goto('/browse');
    await shown(page.getByRole('heading', { level: 1, name: 'Browse & Barter', exact: true }));
    await shown(page.getByText('Find your perfect fashion match', { exact: true }));
    expect(await page.getByTestId('input-browse-search').getAttribute('placeholder')).toBe(
      'Search fashion items...',
    );
    const total = await itemTotal(page);
    expect(total).toBeGreaterThan(PAGE_SIZE);
    await eventually(() => textOf(resultCount()), found(total));
    await eventually(() => cardIds(grid()), await firstPageIds(page, {}));
    // No filter is active yet.
    expect(await page.getByTestId('badge-filter-count').count()).toBe(0);
    expect(await page.getByTestId('active-filters').count()).toBe(0);
  });

  it('the sort control orders the list and keeps the order in the URL; back to Newest drops it', async () => {
    const sort = page.getByTestId('select-sort');
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
    await page.getByTestId('input-browse-search').fill(BRAND);
    await expectLocation(page, '/browse', { search: BRAND });
    const total = await itemTotal(page, { search: BRAND });
    expect(total).toBeGreaterThan(0);
    await eventually(() => textOf(resultCount()), found(total));
    const ids = await firstPageIds(page, { search: BRAND });
    await eventually(() => cardIds(grid()), ids);
    for (const id of ids) expect(await textOf(page.getByTestId(`card-item-${id}`))).toContain(BRAND);
  });

  const filtered = { search: BRAND, condition: 'good,like-new', minPrice: '20', maxPrice: '30' };

  it('filters by condition and price range, with the badge, the chips and the URL', async () => {
    await page.getByTestId('button-filters').click();
    const panel = page.getByTestId('panel-filters');
    await shown(panel);
    await shown(panel.getByRole('heading', { name: 'Advanced Filters' }));

    for (const condition of ['good', 'like-new']) {
      const toggle = page.getByTestId(`filter-condition-${condition}`);
      await toggle.click();
      await eventually(() => toggle.getAttribute('aria-pressed'), 'true');
    }
    await expectLocation(page, '/browse', { search: BRAND, condition: 'good,like-new' });

    const slider = page.getByTestId('slider-price');
    await dragThumb(page, slider, page.getByRole('slider', { name: 'Maximum price' }), 30);
    await expectLocation(page, '/browse', { search: BRAND, condition: 'good,like-new', maxPrice: '30' });
    await dragThumb(page, slider, page.getByRole('slider', { name: 'Minimum price' }), 20);
    await expectLocation(page, '/browse', filtered);
    expect(await textOf(page.getByTestId('text-price-range'))).toBe('$20 – $30');

    await expectFilteredResults(['good', 'like-new'], 3);
  });

  /** The badge, the chips, the count and the cards for the Zara search filtered to `conditions` and $20-$30. */
  async function expectFilteredResults(conditions: string[], activeFilters: number) {
    await eventually(() => textOf(page.getByTestId('badge-filter-count')), `(${activeFilters} active)`);
    const chips = page.getByTestId('active-filters').locator('[data-testid^="chip-filter-"]');
    await eventually(
      () => chips.allTextContents(),
      [...conditions.map((value) => CONDITION_LABELS[value]), '$20 – $30'],
    );
    for (const condition of conditions) await shown(page.getByTestId(`chip-filter-condition-${condition}`));
    await shown(page.getByTestId('chip-filter-price'));

    const query = { ...filtered, condition: conditions.join(',') };
    const total = await itemTotal(page, query);
    expect(total).toBeGreaterThan(0);
    await eventually(() => textOf(resultCount()), found(total));
    const ids = await firstPageIds(page, query);
    await eventually(() => cardIds(grid()), ids);
    // Each card is in range and in one of the chosen conditions.
    for (const id of ids) {
      const card = page.getByTestId(`card-item-${id}`);
      const value = Number((await textOf(page.getByTestId(`text-value-${id}`))).replace(/[^0-9.]/g, ''));
      expect(value).toBeGreaterThanOrEqual(20);
      expect(value).toBeLessThanOrEqual(30);
      const text = await textOf(card);
      expect(conditions.some((condition) => text.includes(CONDITION_LABELS[condition] ?? '?'))).toBe(true);
      expect(text).toContain(BRAND);
    }
  }

  it('a reload keeps the search and the filters', async () => {
    await page.reload();
    await expectLocation(page, '/browse', filtered);
    await eventually(() => page.getByTestId('input-browse-search').inputValue(), BRAND);
    await expectFilteredResults(['good', 'like-new'], 3);
  });

  it('removing a chip drops that filter', async () => {
    await page.getByTestId('chip-filter-condition-good').click();
    await expectLocation(page, '/browse', { ...filtered, condition: 'like-new' });
    await gone(page.getByTestId('chip-filter-condition-good'));
    await expectFilteredResults(['like-new'], 2);
  });

  it('the list view shows rows with brand, size, condition, value and Start Barter', async () => {
    const ids = await cardIds(grid());
    await page.getByTestId('button-view-list').click();
    await eventually(() => page.getByTestId('button-view-list').getAttribute('aria-pressed'), 'true');
    expect(await page.getByTestId('button-view-grid').getAttribute('aria-pressed')).toBe('false');
    await shown(page.getByTestId('list-browse'));
    expect(await page.getByTestId('grid-browse').count()).toBe(0);
    const items = await getJson<ApiItem[]>(
      page,
      `/api/items?${new URLSearchParams({ ...filtered, condition: 'like-new', limit: String(PAGE_SIZE) }).toString()}`,
    );
    expect(items.map((item) => item.id)).toEqual(ids);
    for (const item of items) {
      const row = page.getByTestId(`row-item-${item.id}`);
      await shown(row);
      const text = await textOf(row);
      expect(text).toContain(item.title);
      expect(text).toContain(`Brand:${item.brand ?? 'Unknown'}`);
      expect(text).toContain(`Size:${item.size ?? 'N/A'}`);
      expect(text).toContain('Condition:Like New');
      expect(await textOf(page.getByTestId(`text-row-value-${item.id}`))).toBe(
        `Estimated value ${dollars(item.estimatedValue)}`,
      );
      expect(await textOf(page.getByTestId(`button-start-barter-${item.id}`))).toBe('Start Barter');
    }
  });

  it('clearing the search and filters, then Load more adds the next page', async () => {
    await page.getByTestId('button-clear-chips').click();
    await expectLocation(page, '/browse', { search: BRAND });
    await gone(page.getByTestId('active-filters'));
    expect(await page.getByTestId('badge-filter-count').count()).toBe(0);
    await page.getByTestId('input-browse-search').fill('');
    await expectLocation(page, '/browse');

    const total = await itemTotal(page);
    await eventually(() => textOf(resultCount()), found(total));
    const rows = page.getByTestId('list-browse').locator('[data-testid^="row-item-"]');
    await eventually(() => rows.count(), PAGE_SIZE);
    await shown(page.getByText(`Showing ${PAGE_SIZE} of ${total}`, { exact: true }));

    await page.getByTestId('button-load-more').click();
    await eventually(() => rows.count(), Math.min(2 * PAGE_SIZE, total));
    await shown(page.getByText(`Showing ${Math.min(2 * PAGE_SIZE, total)} of ${total}`, { exact: true }));
    const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(PAGE_SIZE) });
    const second = (await getJson<ApiItem[]>(page, `/api/items?${params.toString()}`)).map((item) => item.id);
    const shownIds = await rows.evaluateAll((list) =>
      list.map((row) => (row.getAttribute('data-testid') ?? '').slice('row-item-'.length)),
    );
    expect(shownIds.slice(PAGE_SIZE)).toEqual(second);
    // Still the list view.
    expect(await page.getByTestId('button-view-list').getAttribute('aria-pressed')).toBe('true');
  });

  let detailItem: ApiItem;

  it('opening an item shows its detail view at /browse?highlight=… with every field', async () => {
    const rows = page.getByTestId('list-browse').locator('[data-testid^="row-item-"]');
    const ids = (
      await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-testid') ?? ''))
    ).map((testId) => testId.slice('row-item-'.length));
    // An item of the second page still open for offers: other journeys on this shared app reserve
    // items, and a reserved item's detail offers no Barter.
    let id = '';
    for (const candidate of ids.slice(PAGE_SIZE)) {
      const item = await getJson<ApiItem & { isActive: boolean; availability: string }>(
        page,
        `/api/items/${candidate}`,
      );
      if (!isOpenForOffers(item)) continue;
      id = candidate;
      detailItem = item;
      break;
    }
    if (!id) throw new Error('no item open for offers on the second page');
    await page.getByTestId(`link-item-${id}`).click();
    await expectLocation(page, '/browse', { highlight: id });
    await expectDetail(detailItem);

    // The address opens the same view directly.
    await page.reload();
    await expectLocation(page, '/browse', { highlight: id });
    await expectDetail(detailItem);

    await page.keyboard.press('Escape');
    await gone(page.getByTestId('dialog-item-detail'));
    await expectLocation(page, '/browse');
  });

  async function expectDetail(item: ApiItem) {
    const dialog = page.getByTestId('dialog-item-detail');
    await shown(dialog);
    await eventually(() => textOf(dialog.getByTestId('text-detail-title')), item.title);
    expect(await textOf(dialog.getByTestId('text-detail-value'))).toBe(
      `Estimated value ${dollars(item.estimatedValue)}`,
    );
    expect(await textOf(dialog.getByTestId('text-detail-description'))).toBe(
      item.description.replace(/\s+/g, ' ').trim(),
    );
    expect(await textOf(dialog.getByTestId('text-detail-category'))).toBe(CATEGORY_LABELS[item.category]);
    expect(await textOf(dialog.getByTestId('text-detail-brand'))).toBe(item.brand ?? 'Unknown');
    expect(await textOf(dialog.getByTestId('text-detail-size'))).toBe(item.size ?? 'N/A');
    expect(await textOf(dialog.getByTestId('text-detail-condition'))).toBe(CONDITION_LABELS[item.condition]);
    expect(await textOf(dialog.getByTestId('text-detail-owner'))).toBe(
      [item.owner.firstName, item.owner.lastName].filter(Boolean).join(' '),
    );
    await shown(dialog.getByRole('img', { name: new RegExp(`^${escapeRegExp(item.title)}`) }).first());
    // Visitors get Barter and the heart, but no Smart Match.
    await shown(dialog.getByTestId('button-detail-barter'));
    expect(await dialog.getByTestId('button-detail-smart-match').count()).toBe(0);
  }

  /** The sign-in dialog, opened by `action`, says what signing in gives; its Close button closes it. */
  async function expectSignInAsked(action: () => Promise<void>, reason: string, demoNote?: string) {
    await action();
    const auth = page.getByTestId('dialog-auth');
    await shown(auth);
    expect(await textOf(auth.getByTestId('text-auth-reason'))).toBe(reason);
    if (demoNote) expect(await textOf(auth.getByTestId('text-auth-demo-note'))).toBe(demoNote);
    await auth.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(auth);
  }

  it("a visitor's Barter, heart, bookmark and Message open the sign-in dialog saying what they get", async () => {
    // Reserved by another journey since? Then the first item still open for offers instead.
    const current = await getJson<ApiItem & { isActive: boolean; availability: string }>(
      page,
      `/api/items/${detailItem.id}`,
    );
    if (!isOpenForOffers(current)) {
      const open = (
        await getJson<Array<ApiItem & { isActive: boolean; availability: string }>>(
          page,
          `/api/items?limit=${PAGE_SIZE}`,
        )
      ).find((item) => isOpenForOffers(item));
      if (!open) throw new Error('no item open for offers on the first page');
      detailItem = await getJson<ApiItem>(page, `/api/items/${open.id}`);
    }
    await page.goto(`/browse?highlight=${detailItem.id}`);
    const dialog = page.getByTestId('dialog-item-detail');
    await expectDetail(detailItem);
    await expectSignInAsked(
      () => dialog.getByTestId('button-detail-barter').click(),
      'Sign in to offer one of your items for this one. Swaps are free, item for item.',
      'Please use the Dev Login button to test the barter feature.',
    );
    expect(await page.getByTestId('dialog-barter').count()).toBe(0);
    const heart = dialog.getByTestId('button-detail-favorite');
    await expectSignInAsked(
      () => heart.click(),
      'Sign in to save favourites and hear when they are reserved or available again.',
    );
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await expectSignInAsked(
      () => dialog.getByTestId('button-detail-bookmark').click(),
      'Sign in to keep a wishlist and hear as soon as a matching item is listed.',
    );
    await expectSignInAsked(
      () => dialog.getByTestId('button-detail-message').click(),
      'Sign in to message members about their items and agree on your swaps.',
    );

    // The same on a card in the grid.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(dialog);
    await expectLocation(page, '/browse');
    await page.getByTestId('button-view-grid').click();
    // The first card still open for offers: other journeys on this shared app reserve items.
    const listed = await getJson<Array<ApiItem & { isActive: boolean; availability: string }>>(
      page,
      `/api/items?limit=${PAGE_SIZE}`,
    );
    const first = listed.find((item) => isOpenForOffers(item))?.id;
    if (!first) throw new Error('no item open for offers on the first page');
    const card = page.getByTestId(`card-item-${first}`);
    await shown(card);
    expect(await card.getByTestId(`button-smart-match-${first}`).count()).toBe(0);
    await expectSignInAsked(
      () => card.getByTestId(`button-barter-${first}`).click(),
      'Sign in to offer one of your items for this one. Swaps are free, item for item.',
    );
    await expectSignInAsked(
      () => card.getByTestId(`button-favorite-${first}`).click(),
      'Sign in to save favourites and hear when they are reserved or available again.',
    );
    expect(await page.getByTestId('dialog-barter').count()).toBe(0);
  });

  it("Categories: choosing Shoes shows 'N items available' matching the card's count", async () => {
    await page.goto('/categories');
    await shown(page.getByRole('heading', { level: 1, name: 'Shop by Category', exact: true }));
    for (const id of ['all', 'clothing', 'shoes', 'accessories', 'women', 'men']) {
      await shown(page.getByTestId(`card-category-${id}`));
    }
    const all = await itemTotal(page);
    await eventually(() => textOf(page.getByTestId('text-category-count')), `${all} items available`);

    const shoes = page.getByTestId('card-category-shoes');
    await shoes.click();
    await expectLocation(page, '/categories', { category: 'shoes' });
    await eventually(() => shoes.getAttribute('aria-pressed'), 'true');
    expect(await page.getByTestId('card-category-all').getAttribute('aria-pressed')).toBe('false');
    await eventually(() => textOf(page.getByTestId('text-category-heading')), 'Shoes');

    const badge = page.getByTestId('badge-category-count-shoes');
    await shown(badge);
    const count = Number((await textOf(badge)).replace(/ items$/, ''));
    expect(count).toBe(await itemTotal(page, { category: 'shoes' }));
    expect(count).toBeGreaterThan(0);
    await eventually(() => textOf(page.getByTestId('text-category-count')), `${count} items available`);

    const ids = await firstPageIds(page, { category: 'shoes' });
    await eventually(() => cardIds(page.getByTestId('grid-category')), ids);
    for (const id of ids) expect(await textOf(page.getByTestId(`card-item-${id}`))).toContain('Shoes');

    await page.getByTestId('link-view-all-categories').click();
    await expectLocation(page, '/categories');
    await eventually(() => textOf(page.getByTestId('text-category-count')), `${all} items available`);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
