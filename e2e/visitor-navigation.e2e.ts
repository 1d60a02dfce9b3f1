import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { expectPath, expectSignedOutBar, hidden, visible } from './support/ui';

/** The navigation bar's links (docs/product.md § Screens and routes) in their order: test id, label, destination. */
const NAV_LINKS = [
  ['link-home', 'Home', '/'],
  ['link-browse', 'Browse', '/browse'],
  ['link-social', 'Social', '/social'],
  ['link-categories', 'Categories', '/categories'],
  ['link-how-it-works', 'How It Works', '/how-it-works'],
] as const;

const GUEST_ACTIONS = [
  ['button-dev-login', 'Dev Login'],
  ['button-sign-in', 'Sign In'],
  ['button-join-now', 'Join Now'],
] as const;

async function expectNotFound(page: Page) {
  const notFound = page.getByTestId('page-not-found');
  await visible(notFound);
  await visible(notFound.getByRole('heading', { name: '404 Page Not Found', exact: true }));
  await visible(notFound.getByText('Did you forget to add the page to the router?', { exact: true }));
}

/** A visitor's routes, navigation bar and the not-found page (docs/product.md § Screens and routes). */
describe('a visitor finds their way around', () => {
  describe('on a desktop', () => {
    let page: Page;

    beforeAll(async () => {
      ({ page } = await openBrowser({ width: 1280, height: 900 }));
    });

    it('sees the navigation links and the signed-out actions', async () => {
      await page.goto('/');
      await visible(page.getByRole('heading', { name: 'Fashion Forward, Barter Smart' }));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await visible(nav);
      const links = nav.getByRole('link');
      expect(await links.allInnerTexts()).toEqual(NAV_LINKS.map(([, label]) => label));
      for (const [testId, label, href] of NAV_LINKS) {
        const link = page.getByTestId(testId);
        await visible(link);
        expect(await link.innerText()).toBe(label);
        expect(await link.getAttribute('href')).toBe(href);
      }
      for (const [testId, label] of GUEST_ACTIONS) {
        expect((await page.getByTestId(testId).innerText()).trim()).toBe(label);
      }
      await expectSignedOutBar(page);
      // Member-only parts of the bar are absent.
      for (const testId of ['link-wishlist', 'button-notifications', 'button-list-item']) {
        expect(await page.getByTestId(testId).count()).toBe(0);
      }
      // The mobile menu button is for small screens only.
      await hidden(page.getByTestId('button-mobile-menu'));
    });

    it('each link opens its page in the app and marks itself current', async () => {
      await page.goto('/');
      const headings: Record<string, string> = {
        '/browse': 'Browse & Barter',
        '/categories': 'Shop by Category',
        '/how-it-works': 'How Threadswap Works',
        '/': 'Fashion Forward, Barter Smart',
      };
      for (const [testId, , href] of [...NAV_LINKS.slice(1), NAV_LINKS[0]]) {
        await page.getByTestId(testId).click();
        await expectPath(page, href);
        await expect.poll(() => page.getByTestId(testId).getAttribute('aria-current')).toBe('page');
        const heading = headings[href];
        if (heading) await visible(page.getByRole('heading', { level: 1, name: heading }));
        expect(await page.getByTestId('page-not-found').count()).toBe(0);
      }
    });

    it('the search box leads to /browse?search=…', async () => {
      await page.goto('/how-it-works');
      const search = page.getByTestId('input-search');
      await visible(search);
      expect(await search.getAttribute('placeholder')).toBe('Search fashion items...');
      await search.fill('denim jacket');
      await search.press('Enter');
      await expectPath(page, '/browse?search=denim%20jacket');
      await visible(page.getByRole('heading', { level: 1, name: 'Browse & Barter' }));
      // Browse's own search box, the page's one search landmark, holds the query.
      expect(await page.getByTestId('input-browse-search').inputValue()).toBe('denim jacket');
      expect(await page.locator('#site-search').count()).toBe(0);
    });

    it('an unknown path shows the not-found page inside the site frame', async () => {
      await page.goto('/no-such-page');
      await expectNotFound(page);
      await visible(page.getByRole('navigation', { name: 'Main' }));
      await expectSignedOutBar(page);
    });

    it('member-only pages ask a visitor to sign in instead of a not-found page', async () => {
      for (const [path, title] of [
        ['/wishlist', 'Sign in to keep a wishlist'],
        ['/profile', 'Sign in to see your profile'],
        ['/messages', 'Sign in to read your messages'],
      ] as const) {
        await page.goto(path);
        const prompt = page.getByTestId('page-sign-in-prompt');
        await visible(prompt);
        await visible(prompt.getByRole('heading', { level: 1, name: title, exact: true }));
        expect(await page.getByTestId('page-not-found').count()).toBe(0);
        await expectPath(page, path);
      }
      await page.getByTestId('button-prompt-sign-in').click();
      await visible(page.getByRole('dialog'));
    });
  });

  describe('on a 375 px phone', () => {
    let page: Page;

    beforeAll(async () => {
      ({ page } = await openBrowser({ width: 375, height: 812 }));
    });

    it('the hamburger menu opens with the same links and actions', async () => {
      await page.goto('/');
      await visible(page.getByRole('heading', { name: 'Fashion Forward, Barter Smart' }));
      // The bar's links and actions make way for the menu button.
      await hidden(page.getByRole('navigation', { name: 'Main' }));
      for (const [testId] of GUEST_ACTIONS) await hidden(page.getByTestId(testId));
      // The search box stays reachable.
      await visible(page.getByTestId('input-search'));

      await page.getByTestId('button-mobile-menu').click();
      const sheet = page.getByTestId('sheet-mobile-menu');
      await visible(sheet);
      const links = sheet.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
      expect(await links.allInnerTexts()).toEqual(NAV_LINKS.map(([, label]) => label));
      for (const [testId, label, href] of NAV_LINKS) {
        const link = sheet.getByTestId(`mobile-${testId}`);
        await visible(link);
        expect((await link.innerText()).trim()).toBe(label);
        expect(await link.getAttribute('href')).toBe(href);
      }
      for (const [testId, label] of GUEST_ACTIONS) {
        const action = sheet.getByTestId(`mobile-${testId}`);
        await visible(action);
        expect((await action.innerText()).trim()).toBe(label);
      }
      // Once it has slid in, the menu fits the phone's width.
      await sheet.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      const box = await sheet.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    });

    it('a menu link navigates and closes the menu', async () => {
      const sheet = page.getByTestId('sheet-mobile-menu');
      await sheet.getByTestId('mobile-link-categories').click();
      await expectPath(page, '/categories');
      await hidden(sheet);
      await visible(page.getByRole('heading', { level: 1, name: 'Shop by Category' }));
    });

    it("the menu's Join Now closes the menu and opens the sign-up dialog", async () => {
      await page.getByTestId('button-mobile-menu').click();
      const sheet = page.getByTestId('sheet-mobile-menu');
      await visible(sheet);
      await sheet.getByTestId('mobile-button-join-now').click();
      await hidden(sheet);
      const dialog = page.getByTestId('dialog-auth');
      await visible(dialog);
      await expect.poll(() => dialog.getByTestId('tab-register').getAttribute('aria-selected')).toBe('true');
      await visible(page.locator('#register-first-name'));
    });

    it("the menu's Sign In opens the sign-in dialog", async () => {
      await page.goto('/how-it-works');
      await page.getByTestId('button-mobile-menu').click();
      const sheet = page.getByTestId('sheet-mobile-menu');
      await visible(sheet);
      await sheet.getByTestId('mobile-button-sign-in').click();
      await hidden(sheet);
      const dialog = page.getByTestId('dialog-auth');
      await visible(dialog);
      await expect.poll(() => dialog.getByTestId('tab-login').getAttribute('aria-selected')).toBe('true');
      await visible(page.locator('#login-email'));
    });
  });
});
