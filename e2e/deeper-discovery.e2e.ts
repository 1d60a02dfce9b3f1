import type { Locator, Page } from 'playwright-core';
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

/** The filters button; its name counts the active filters once there are some ("Filters ( 1 active)"). */
const FILTERS = /^Filters( \( ?\d+ active\))?$/;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A link or toggle named `label`, with or without the count of items beside it ("Boots ( 12 items)",
 * once the counts are known): whole, so that "Men" is not found in "Women".
 */
function counted(scope: Page | Locator, role: 'link' | 'button', label: string): Locator {
  return scope.getByRole(role, { name: new RegExp(`^${escaped(label)}( \\( ?\\d+ items?\\))?$`) });
}

/** The line that counts the results ("Found 12 items"). */
function resultCount(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

describe('deeper discovery on a desktop (1280 px)', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await openBrowser({ width: 1280, height: 900 })).page;
  });

  it('Categories shows the tree, and a type leads to Browse filtered by it', async () => {
    await page.goto('/categories');
    await shown(page.getByRole('navigation', { name: 'Shoes types' }));
    for (const label of [
      'Dresses',
      'Jeans',
      'Knitwear',
      'Sneakers',
      'Boots',
      'Heels',
      'Bags',
      'Scarves',
      'Belts',
    ])
      await shown(counted(page, 'link', label));
    await shot(page, 'categories-1280');
    await counted(page.getByRole('navigation', { name: 'Shoes types' }), 'link', 'Boots').click();
    await expectLocation(page, '/browse', { category: 'shoes', subcategory: 'boots' });
    const total = await itemTotal(page, { category: 'shoes', subcategory: 'boots' });
    expect(total).toBeGreaterThan(0);
    await shown(resultCount(page, found(total)));
  });

  it("combines category and department (women's shoes), several types and several sizes", async () => {
    await page.goto('/categories');
    await page.getByRole('link', { name: "Women's shoes", exact: true }).click();
    await expectLocation(page, '/browse', { category: 'shoes', gender: 'women' });
    await page.getByRole('button', { name: FILTERS }).click();
    const panel = page.getByRole('region', { name: 'Advanced Filters' });
    await shown(panel);
    // The types of shoes only; boots and sneakers together.
    const types = panel.getByRole('group', { name: 'Type', exact: true });
    await shown(counted(types, 'button', 'Boots'));
    expect(await counted(types, 'button', 'Jeans').count()).toBe(0);
    await counted(types, 'button', 'Boots').click();
    await counted(types, 'button', 'Sneakers').click();
    await expectLocation(page, '/browse', {
      category: 'shoes',
      subcategory: 'boots,sneakers',
      gender: 'women',
    });
    // The size filter offers exactly the sizes these listings have: shoe sizes, no letters.
    // Each size is a toggle named by the size and its count ("38 ( 3 items)").
    const sizeGroup = panel.getByRole('group', { name: 'Size', exact: true });
    const offeredSizes = async () =>
      (await sizeGroup.getByRole('button').allTextContents()).map((text) =>
        text.replace(/\(\d+ items?\)$/, '').trim(),
      );
    await eventually(async () => {
      const sizes = await offeredSizes();
      return sizes.length > 0 && sizes.every((size) => /^(\d+(\.5)?|UK \S+|EU \S+)$/.test(size));
    }, true);
    const [first, second] = await offeredSizes();
    if (!first) throw new Error('no sizes offered');
    await counted(sizeGroup, 'button', first).click();
    if (second) await counted(sizeGroup, 'button', second).click();
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
    await shown(resultCount(page, total ? found(total) : 'No items found'));
    await shown(page.getByRole('button', { name: 'Remove filter Boots', exact: true }));
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
    await shown(resultCount(page, found(red.length)));
  });
});

describe('deeper discovery on a phone (375 px)', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await openBrowser({ width: 375, height: 812 })).page;
  });

  it('Browse has one search box, and the filters open as a full-screen sheet with "Show N results"', async () => {
    await page.goto('/browse');
    await shown(page.getByRole('searchbox', { name: 'Search fashion items' }));
    expect(await page.locator('input[type="search"]:visible').count()).toBe(1);
    await shot(page, 'browse-375');

    await page.getByRole('button', { name: FILTERS }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await shown(sheet);
    const box = await sheet.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(374);
    expect(box?.height).toBeGreaterThanOrEqual(800);
    await counted(sheet.getByRole('group', { name: 'Department', exact: true }), 'button', 'Women').click();
    await counted(sheet.getByRole('group', { name: 'Type', exact: true }), 'button', 'Dresses').click();
    await expectLocation(page, '/browse', { subcategory: 'dresses', gender: 'women' });
    const total = await itemTotal(page, { subcategory: 'dresses', gender: 'women' });
    const showResults = sheet.getByRole('button', { name: `Show ${total} results`, exact: true });
    await shown(showResults);
    await shot(page, 'filter-sheet-375');
    await showResults.click();
    await gone(sheet);
    await shown(resultCount(page, found(total)));
    await shot(page, 'browse-filtered-375');
  });

  it('Categories shows the tree on a phone', async () => {
    await page.goto('/categories?category=shoes');
    const shoes = page.getByRole('navigation', { name: 'Shoes types' });
    await shown(shoes);
    expect(await page.getByRole('navigation', { name: 'Clothing types' }).count()).toBe(0);
    await shoes.scrollIntoViewIfNeeded();
    await shot(page, 'categories-375');
  });
});
