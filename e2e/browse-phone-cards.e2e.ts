import { describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { registerMember } from './support/journeys';
import { visible } from './support/ui';

/*
 * On a phone, Browse renders its first screen's eight cards and leaves the rest of the page of 24
 * until the visitor heads toward them (scrolls, types or touches): nothing is spent on cards
 * nobody sees yet, and they are a screen below the fold when they arrive. On a desktop, where
 * eight cards are two rows, all 24 come at once. docs/decisions/018-server-rendered-first-screen.md.
 */

const PHONE = { width: 412, height: 823 };
const cards = '[data-testid^="card-item-"]';

describe('Browse on a phone renders the cards below the first screen when they are needed', () => {
  it('a visitor sees eight cards until they use the page; a key press brings the rest', async () => {
    const { page } = await openBrowser(PHONE);
    await page.goto('/browse');
    await visible(page.getByRole('contentinfo'));
    await page.waitForTimeout(800);
    expect(await page.locator(cards).count()).toBe(8);
    await page.keyboard.press('Tab');
    await page.locator(cards).nth(23).waitFor();
  });

  it('scrolling to the end of the results shows all 24 and Load more brings the next page', async () => {
    const { page } = await openBrowser({ width: 375, height: 812 });
    await page.goto('/browse');
    await visible(page.locator(cards).first());
    await page.getByRole('button', { name: 'Load more', exact: true }).scrollIntoViewIfNeeded();
    await page.locator(cards).nth(23).waitFor();
    // Not while the first page is still being fetched again (the market changes as other
    // journeys run): the next page waits for that.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Load more', exact: true }).click();
    await page.locator(cards).nth(24).waitFor();
  });

  it('a member’s Browse (rendered by the client) holds the rest back the same way', async () => {
    const { page } = await openBrowser(PHONE);
    await page.goto('/');
    await registerMember(page, 'Nadia');
    await page.goto('/browse');
    await visible(page.locator(cards).first());
    await page.waitForTimeout(800);
    expect(await page.locator(cards).count()).toBe(8);
    await page.mouse.wheel(0, 600);
    await page.locator(cards).nth(23).waitFor();
  });

  it('a desktop renders all 24 at once', async () => {
    const { page } = await openBrowser({ width: 1280, height: 900 });
    await page.goto('/browse');
    await page.locator(cards).nth(23).waitFor();
  });
});
