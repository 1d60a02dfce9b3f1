import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import { expectPath, expectSignedOutBar, hidden, visible } from './support/ui';

/** The navigation bar's links (docs/product.md § Screens and routes) in their order: label, destination. */
const NAV_LINKS = [
  ['Home', '/'],
  ['Browse', '/browse'],
  ['Social', '/social'],
  ['Categories', '/categories'],
  ['How It Works', '/how-it-works'],
] as const;

/** The signed-out actions' buttons, in their order. */
const GUEST_ACTIONS = ['Dev Login', 'Sign In', 'Join Now'] as const;

/** The not-found page's heading, the one thing that tells it apart. */
const notFoundHeading = (page: Page) =>
  page.getByRole('heading', { name: '404 Page Not Found', exact: true });

/** The phone's menu (a sheet, titled with the site's name) and the button that opens it. */
const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu', exact: true });
const menuSheet = (page: Page) => page.getByRole('dialog', { name: 'Threadswap', exact: true });

/** The sign-in / sign-up dialog, whichever tab is open (its title follows the tab). */
const authDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Sign Up', exact: true }) });

async function expectNotFound(page: Page) {
  const main = page.getByRole('main');
  await visible(main.getByRole('heading', { level: 1, name: '404 Page Not Found', exact: true }));
  await visible(main.getByText('Did you forget to add the page to the router?', { exact: true }));
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
      expect(await links.allInnerTexts()).toEqual(NAV_LINKS.map(([label]) => label));
      for (const [label, href] of NAV_LINKS) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await visible(link);
        expect(await link.getAttribute('href')).toBe(href);
      }
      const bar = page.getByRole('banner');
      for (const label of GUEST_ACTIONS) {
        await visible(bar.getByRole('button', { name: label, exact: true }));
      }
      await expectSignedOutBar(page);
      // Member-only parts of the bar are absent.
      expect(await bar.getByRole('link', { name: 'Wishlist', exact: true }).count()).toBe(0);
      expect(await bar.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
      expect(await bar.getByRole('button', { name: 'List Item', exact: true }).count()).toBe(0);
      // The mobile menu button is for small screens only (present, but not shown).
      expect(await page.getByRole('button', { name: 'Open menu', includeHidden: true }).count()).toBe(1);
      await hidden(page.getByRole('button', { name: 'Open menu', includeHidden: true }));
    });

    it('each link opens its page in the app and marks itself current', async () => {
      await page.goto('/');
      const headings: Record<string, string> = {
        '/browse': 'Browse & Barter',
        '/categories': 'Shop by Category',
        '/how-it-works': 'How Threadswap Works',
        '/': 'Fashion Forward, Barter Smart',
      };
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [label, href] of [...NAV_LINKS.slice(1), NAV_LINKS[0]]) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await link.click();
        await expectPath(page, href);
        await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
        const heading = headings[href];
        if (heading) await visible(page.getByRole('heading', { level: 1, name: heading }));
        expect(await notFoundHeading(page).count()).toBe(0);
      }
    });

    it('the search box leads to /browse?search=…', async () => {
      await page.goto('/how-it-works');
      const search = page.getByRole('searchbox', { name: 'Search fashion items', exact: true });
      await visible(search);
      expect(await search.getAttribute('placeholder')).toBe('Search fashion items...');
      await search.fill('denim jacket');
      await search.press('Enter');
      await expectPath(page, '/browse?search=denim%20jacket');
      await visible(page.getByRole('heading', { level: 1, name: 'Browse & Barter' }));
      // Browse's own search box, the page's one search landmark, holds the query.
      expect(await page.getByRole('search').count()).toBe(1);
      const browseSearch = page.getByRole('main').getByRole('searchbox', { name: 'Search fashion items' });
      expect(await browseSearch.inputValue()).toBe('denim jacket');
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
        const main = page.getByRole('main');
        await visible(main.getByRole('heading', { level: 1, name: title, exact: true }));
        await visible(main.getByRole('button', { name: 'Create an account', exact: true }));
        expect(await notFoundHeading(page).count()).toBe(0);
        await expectPath(page, path);
      }
      // The prompt's own Sign In (the bar has one too).
      await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(authDialog(page));
      await visible(authDialog(page).getByRole('heading', { name: 'Welcome back', exact: true }));
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
      await hidden(page.getByRole('navigation', { name: 'Main', includeHidden: true }));
      const bar = page.getByRole('banner');
      for (const label of GUEST_ACTIONS) {
        await hidden(bar.getByRole('button', { name: label, exact: true, includeHidden: true }));
      }
      // The search box stays reachable.
      await visible(page.getByRole('searchbox', { name: 'Search fashion items', exact: true }));

      await menuButton(page).click();
      const sheet = menuSheet(page);
      await visible(sheet);
      const nav = sheet.getByRole('navigation', { name: 'Mobile' });
      const links = nav.getByRole('link');
      expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual(
        NAV_LINKS.map(([label]) => label),
      );
      for (const [label, href] of NAV_LINKS) {
        const link = nav.getByRole('link', { name: label, exact: true });
        await visible(link);
        expect(await link.getAttribute('href')).toBe(href);
      }
      for (const label of GUEST_ACTIONS) {
        await visible(sheet.getByRole('button', { name: label, exact: true }));
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
      const sheet = menuSheet(page);
      await sheet.getByRole('link', { name: 'Categories', exact: true }).click();
      await expectPath(page, '/categories');
      await hidden(sheet);
      await visible(page.getByRole('heading', { level: 1, name: 'Shop by Category' }));
    });

    it("the menu's Join Now closes the menu and opens the sign-up dialog", async () => {
      await menuButton(page).click();
      const sheet = menuSheet(page);
      await visible(sheet);
      await sheet.getByRole('button', { name: 'Join Now', exact: true }).click();
      await hidden(sheet);
      const dialog = authDialog(page);
      await visible(dialog);
      await expect
        .poll(() => dialog.getByRole('tab', { name: 'Sign Up', exact: true }).getAttribute('aria-selected'))
        .toBe('true');
      await visible(dialog.getByLabel('First name', { exact: true }));
    });

    it("the menu's Sign In opens the sign-in dialog", async () => {
      await page.goto('/how-it-works');
      await menuButton(page).click();
      const sheet = menuSheet(page);
      await visible(sheet);
      await sheet.getByRole('button', { name: 'Sign In', exact: true }).click();
      await hidden(sheet);
      const dialog = authDialog(page);
      await visible(dialog);
      await expect
        .poll(() => dialog.getByRole('tab', { name: 'Sign In', exact: true }).getAttribute('aria-selected'))
        .toBe('true');
      await visible(dialog.getByLabel('Email', { exact: true }));
    });
  });
});
