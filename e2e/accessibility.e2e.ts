import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
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
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
  },
  {
    name: "a members' page asking a visitor to sign in",
    path: '/messages',
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in to read your messages' }),
  },
  {
    name: 'the sign-up dialog',
    path: '/api/auth/email',
    ready: (page: Page) => page.getByRole('dialog', { name: 'Join Threadswap' }),
  },
];

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

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
    expect(await seriousViolations(page)).toEqual([]);
  });
});
