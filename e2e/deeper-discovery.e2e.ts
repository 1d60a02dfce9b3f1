import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  expectLocation,
  getJson,
  gone,
  itemTotal,
  shown,
  textOf,
} from './support/journeys';

/*
 * Deeper discovery (docs/product.md § Browse and search, § Taxonomy, § Sizes): the category tree,
 * department with category, multi-select types and sizes, search relevance, and the phone filter
 * sheet, at 1280 px and at 375 px.
 */

const SHOTS = process.env.SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

function found(total: number): string {
  return total === 1 ? 'Found 1 item' : `Found ${total} items`;
}

describe('deeper discovery on a desktop (1280 px)', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await openBrowser({ width: 1280, height: 900 })).page;
  });

  it('Categories shows the tree, and a type leads to Browse filtered by it', async () => {
    await page.goto('/categories');
    await shown(page.getByTestId('tree-shoes'));
    for (const id of [
      'dresses',
      'jeans',
      'knitwear',
      'sneakers',
      'boots',
      'heels',
      'bags',
      'scarves',
      'belts',
    ])
      await shown(page.getByTestId(`link-subcategory-${id}`));
    await shot(page, 'categories-1280');
    await page.getByTestId('link-subcategory-boots').click();
    await expectLocation(page, '/browse', { category: 'shoes', subcategory: 'boots' });
    const total = await itemTotal(page, { category: 'shoes', subcategory: 'boots' });
    expect(total).toBeGreaterThan(0);
    await eventually(() => textOf(page.getByTestId('text-result-count')), found(total));
  });

  it("combines category and department (women's shoes), several types and several sizes", async () => {
    await page.goto('/categories');
    await page.getByTestId('link-department-shoes-women').click();
    await expectLocation(page, '/browse', { category: 'shoes', gender: 'women' });
    await page.getByTestId('button-filters').click();
    const panel = page.getByTestId('panel-filters');
    await shown(panel);
    // The types of shoes only; boots and sneakers together.
    expect(await panel.getByTestId('filter-subcategory-jeans').count()).toBe(0);
    await panel.getByTestId('filter-subcategory-boots').click();
    await panel.getByTestId('filter-subcategory-sneakers').click();
    await expectLocation(page, '/browse', {
      category: 'shoes',
      subcategory: 'boots,sneakers',
      gender: 'women',
    });
    // The size filter offers exactly the sizes these listings have: shoe sizes, no letters.
    await eventually(async () => {
      const ids = await panel
        .locator('[data-testid^="filter-size-"]:not([data-testid^="filter-size-group-"])')
        .evaluateAll((nodes) =>
          nodes.map((node) => node.getAttribute('data-testid')?.replace('filter-size-', '') ?? ''),
        );
      return ids.length > 0 && ids.every((size) => /^(\d+(\.5)?|UK \S+|EU \S+)$/.test(size));
    }, true);
    const sizes = await panel
      .locator('[data-testid^="filter-size-"]:not([data-testid^="filter-size-group-"])')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('data-testid')?.replace('filter-size-', '') ?? ''),
      );
    const [first, second] = sizes;
    if (!first) throw new Error('no sizes offered');
    await panel.getByTestId(`filter-size-${first}`).click();
    if (second) await panel.getByTestId(`filter-size-${second}`).click();
    const size = second ? `${first},${second}` : first;
    await expectLocation(page, '/browse', {
      category: 'shoes',
      subcategory: 'boots,sneakers',
      size,
      gender: 'women',
    });
    const total = await itemTotal(page, {
      category: 'shoes',
      subcategory: 'boots,sneakers',
      size,
      gender: 'women',
    });
    await eventually(
      () => textOf(page.getByTestId('text-result-count')),
      total ? found(total) : 'No items found',
    );
    await shown(page.getByTestId('chip-filter-subcategory-boots'));
    await shot(page, 'browse-filters-1280');
  });

  it('search: "red dress" shows red dresses first and never more than "dress"', async () => {
    await page.goto('/browse?search=red%20dress');
    const red = await getJson<ApiItem[]>(page, '/api/items?search=red%20dress&limit=100');
    const dress = await getJson<ApiItem[]>(page, '/api/items?search=dress&limit=100');
    expect(red.length).toBeGreaterThan(0);
    expect(red.length).toBeLessThanOrEqual(dress.length);
    const dressIds = new Set(dress.map((item) => item.id));
    for (const item of red) expect(dressIds.has(item.id)).toBe(true);
    const [top] = red as Array<ApiItem & { colors: string[]; title: string }>;
    expect(top?.colors).toContain('Red');
    await eventually(() => textOf(page.getByTestId('text-result-count')), found(red.length));
  });
});

describe('deeper discovery on a phone (375 px)', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await openBrowser({ width: 375, height: 812 })).page;
  });

  it('Browse has one search box, and the filters open as a full-screen sheet with "Show N results"', async () => {
    await page.goto('/browse');
    await shown(page.getByTestId('input-browse-search'));
    expect(await page.locator('input[type="search"]:visible').count()).toBe(1);
    await shot(page, 'browse-375');

    await page.getByTestId('button-filters').click();
    const sheet = page.getByTestId('sheet-filters');
    await shown(sheet);
    const box = await sheet.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(374);
    expect(box?.height).toBeGreaterThanOrEqual(800);
    await sheet.getByTestId('filter-gender-women').click();
    await sheet.getByTestId('filter-subcategory-dresses').click();
    await expectLocation(page, '/browse', { subcategory: 'dresses', gender: 'women' });
    const total = await itemTotal(page, { subcategory: 'dresses', gender: 'women' });
    await eventually(() => textOf(sheet.getByTestId('button-show-results')), `Show ${total} results`);
    await shot(page, 'filter-sheet-375');
    await sheet.getByTestId('button-show-results').click();
    await gone(sheet);
    await eventually(() => textOf(page.getByTestId('text-result-count')), found(total));
    await shot(page, 'browse-filtered-375');
  });

  it('Categories shows the tree on a phone', async () => {
    await page.goto('/categories?category=shoes');
    await shown(page.getByTestId('tree-shoes'));
    expect(await page.getByTestId('tree-clothing').count()).toBe(0);
    await page.getByTestId('tree-shoes').scrollIntoViewIfNeeded();
    await shot(page, 'categories-375');
  });
});
