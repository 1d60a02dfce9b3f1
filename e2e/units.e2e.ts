import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, openBrowser } from './support/browser';
import {
  eventually,
  getJson,
  listItemViaApi,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';

/**
 * docs/product.md § Languages (units), in the browser: a reader who chose nothing sees the
 * community's default units (imperial here, the default community's: pounds and inches in the
 * shipping estimate and impact figures) whatever the browser's region, and the Preferences 'Units'
 * choice overrides them in either direction. The
 * shipping price stays the product's ($15.99 plus $0.50 a pound) whatever the units typed.
 * With SCREENSHOTS_DIR set, the dialog and the Units card are also saved at 375 and 1280 px.
 */

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.SCREENSHOTS_DIR;

let us: Page;
let gb: Page;
/** Visitors' browsers: the landing page (and its impact figures) is what visitors see at /. */
let usVisitor: Page;
let gbVisitor: Page;

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: false });
}

/** The shipping calculator's dialog. */
function shippingDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Shipping Calculation' });
}

/**
 * Opens the accepted trade's shipping dialog from the Barters tab the member is on (each member
 * here has that one accepted trade).
 */
async function arrangeShipping(page: Page) {
  await page.getByRole('tab', { name: /^Accepted \(/ }).click();
  await page
    .getByRole('tabpanel', { name: /^Accepted \(/ })
    .getByRole('button', { name: 'Arrange Shipping' })
    .click();
  const dialog = shippingDialog(page);
  await shown(dialog);
  return dialog;
}

/** Opens the accepted trade's shipping dialog from the member's Barters tab. */
async function openShipping(page: Page) {
  await page.goto('/profile?tab=barters');
  return arrangeShipping(page);
}

/** Fills the calculator and returns the estimate's cost and parcel line. */
async function estimate(page: Page, weight: string, dimensions: string) {
  const dialog = shippingDialog(page);
  await dialog.getByLabel('From address').fill('1 High Street, Bath');
  await dialog.getByLabel('To address').fill('2 Main Street, Boston');
  await dialog.getByLabel(/^Weight \(/).fill(weight);
  await dialog.getByLabel(/^Dimensions \(/).fill(dimensions);
  await dialog.getByRole('button', { name: 'Calculate' }).click();
  // The estimate's headline: the cost and 'per party'.
  const cost = dialog.getByRole('region', { name: 'Shipping estimate' }).getByText(/^\$[\d,.]+ per party$/);
  await shown(cost);
  return {
    cost: await textOf(cost),
    text: await textOf(dialog),
  };
}

/** The Units card's choices, as their labels start. */
const UNIT_CHOICES = { auto: /^Automatic \(/, metric: /^Metric \(/, imperial: /^Imperial \(/ };

async function chooseUnits(page: Page, choice: keyof typeof UNIT_CHOICES) {
  await page.goto('/profile?tab=preferences');
  const card = page.getByRole('region', { name: 'Units', exact: true });
  await shown(card);
  const radio = card.getByRole('radio', { name: UNIT_CHOICES[choice] });
  await radio.check();
  expect(await radio.isChecked()).toBe(true);
  return card;
}

/** The landing page's impact line, once the figures have arrived, and the 'CO2 Saved' figure. */
async function impactText(page: Page) {
  await page.goto('/');
  const band = page.getByRole('region', { name: 'Threadswap in numbers' });
  const impact = band.getByText(/Estimated per swapped item:/);
  try {
    await shown(impact);
    // The landfill sentence comes with the figures, before the factors.
    await eventually(async () => (await textOf(impact)).includes('kept out of landfill'), true);
  } catch (error) {
    if (SHOTS) await screenshot(page, 'impact-failure');
    throw error;
  }
  // The figure and its label ('1,234 lb CO2 Saved') share one block, the label's parent.
  const co2 = band.getByText('CO2 Saved', { exact: true }).locator('..');
  return { impact: await textOf(impact), co2: await textOf(co2) };
}

describe('units follow the community’s default, then the member’s choice', () => {
  beforeAll(async () => {
    us = (await openBrowser(PHONE, baseURL(), 'en-US')).page;
    gb = (await openBrowser(DESKTOP, baseURL(), 'en-GB')).page;
    usVisitor = (await openBrowser(DESKTOP, baseURL(), 'en-US')).page;
    gbVisitor = (await openBrowser(PHONE, baseURL(), 'en-GB')).page;
    await Promise.all([registerMember(us, 'Uma', 'Stone'), registerMember(gb, 'Gil', 'Brook')]);
    const [wanted, offered] = await Promise.all([
      listItemViaApi(gb, {
        title: `${uniqueWord('Un')} wool coat`,
        category: 'clothing',
        estimatedValue: 8000,
      }),
      listItemViaApi(us, { title: `${uniqueWord('Un')} trench`, category: 'clothing', estimatedValue: 7600 }),
    ]);
    const created = await us.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    const tradeId = ((await created.json()) as { id: string }).id;
    const trades = await getJson<Array<{ id: string; termsVersion: string }>>(gb, '/api/trade-requests');
    const accepted = await gb.request.patch(`/api/trade-requests/${tradeId}`, {
      data: { status: 'accepted', termsVersion: trades.find((trade) => trade.id === tradeId)?.termsVersion },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  });

  it('en-US: the impact figures in pounds and ounces', async () => {
    const { impact, co2 } = await impactText(usVisitor);
    expect(impact).toContain('clothing 17.6 lb CO2e and 1.1 lb');
    expect(impact).toContain('accessories 11 lb CO2e and 11 oz');
    expect(impact).not.toContain('kg');
    expect(co2).toMatch(/^[\d,.]+ (lb|tons?) CO2 Saved$/);
  });

  it('en-US: the shipping dialog takes pounds and inches', async () => {
    const dialog = await openShipping(us);
    expect(await textOf(dialog)).toContain('Weight (lb)');
    expect(await textOf(dialog)).toContain('Dimensions (in)');
    await screenshot(us, 'shipping-imperial');
    const { cost, text } = await estimate(us, '10', '12x10x4');
    expect(cost).toBe('$20.99 per party'); // $15.99 + 10 × $0.50
    expect(text).toContain('10 lb parcel, 12 × 10 × 4 in');
    expect(text).toContain('$15.99 base plus $0.50 per pound.');
    await screenshot(us, 'shipping-imperial-estimate');
  });

  it("en-GB without a choice: the community's units (imperial), not the browser's region", async () => {
    const { impact } = await impactText(gbVisitor);
    expect(impact).toContain('clothing 17.6 lb CO2e and 1.1 lb');
    expect(impact).not.toContain('kg');
  });

  it('Preferences: Metric in an en-GB browser takes kilograms and centimetres, priced by the pound; kept across a reload; Automatic brings the community’s pounds back', async () => {
    const card = await chooseUnits(gb, 'metric');
    expect(await textOf(card)).toContain('Automatic (imperial, the community’s units)');
    await screenshot(gb, 'preferences-units');
    let dialog = await openShipping(gb);
    expect(await textOf(dialog)).toContain('Weight (kg)');
    expect(await textOf(dialog)).toContain('Dimensions (cm)');
    // 10 kg is 22.046 lb: $15.99 + $11.02.
    const { cost, text } = await estimate(gb, '10', '30x25x10');
    expect(cost).toBe('$27.01 per party');
    expect(text).toContain('10 kg parcel, 30 × 25 × 10 cm');
    expect(text).toContain('$15.99 base plus $0.50 per pound (about $1.10 per kg).');
    await screenshot(gb, 'shipping-metric-estimate');
    // 150 lb is 68.04 kg: 70 kg is refused, in kilograms.
    await dialog.getByLabel('Weight (kg)').fill('70');
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await eventually(
      async () => (await textOf(dialog)).includes('Weight must be more than 0 and at most 68 kg'),
      true,
    );

    // The choice is kept in this browser across a reload.
    await gb.reload();
    dialog = await arrangeShipping(gb);
    expect(await textOf(dialog)).toContain('Weight (kg)');

    await chooseUnits(gb, 'auto');
    dialog = await openShipping(gb);
    expect(await textOf(dialog)).toContain('Weight (lb)');
  });

  it('Preferences: Metric overrides an en-US browser', async () => {
    const card = await chooseUnits(us, 'metric');
    expect(await textOf(card)).toContain('Automatic (imperial, the community’s units)');
    await screenshot(us, 'preferences-units');
    const dialog = await openShipping(us);
    expect(await textOf(dialog)).toContain('Weight (kg)');
    await screenshot(us, 'shipping-metric');
  });

  it('the impact figures follow the choice kept in the browser', async () => {
    // What the Units card stores (src/client/i18n/units.ts), in a visitor's en-GB browser.
    await gbVisitor.evaluate(() => localStorage.setItem('threadswap.units', 'metric'));
    const { impact, co2 } = await impactText(gbVisitor);
    expect(impact).toContain('clothing 8 kg CO2e and 0.5 kg');
    expect(co2).toMatch(/^[\d,.]+ (kg|Tons?) CO2 Saved$/);
    await gbVisitor.evaluate(() => localStorage.removeItem('threadswap.units'));
    expect((await impactText(gbVisitor)).impact).toContain('clothing 17.6 lb CO2e and 1.1 lb');
  });
});
