import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { visible } from './support/ui';

const PAGES = [
  {
    name: 'the visitor landing page',
    path: '/',
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Fashion Forward, Barter Smart' }),
  },
  {
    name: 'How It Works',
    path: '/how-it-works',
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'How Threadswap Works' }),
  },
  {
    name: 'the not-found page',
    path: '/no-such-page',
    ready: (page: Page) => page.getByTestId('page-not-found'),
  },
  {
    name: "a members' page asking a visitor to sign in",
    path: '/messages',
    ready: (page: Page) => page.getByTestId('page-sign-in-prompt'),
  },
  {
    name: 'the sign-up dialog',
    path: '/api/auth/email',
    ready: (page: Page) => page.getByTestId('dialog-auth'),
  },
];

/** Lets entrance animations (fades, zooms) end, so axe measures the colours the user ends up seeing. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

/** A readable summary of the serious and critical axe violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** No serious or critical accessibility violations (axe) on the visitor pages, desktop and phone. */
describe.each(VIEWPORTS)('accessibility at $width px', (viewport) => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openBrowser(viewport));
  });

  it.each(PAGES)('$name ($path)', async ({ path, ready }) => {
    await page.goto(path);
    await visible(ready(page));
    // Wait for the data the page loads, so axe checks the finished page rather than a skeleton.
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
