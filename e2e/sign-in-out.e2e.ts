import { type APIRequestContext, type BrowserContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@common/api/users';
import { baseURL, openBrowser, uniqueEmail } from './support/browser';
import {
  expectNoReload,
  expectPath,
  expectReload,
  expectSignedInBar,
  expectSignedOutBar,
  hidden,
  openUserMenu,
  recordToasts,
  toastLog,
  visible,
} from './support/ui';

/** Makes a member through the API, in a client of its own (signed in there, not in the browser). */
async function apiMember(firstName: string, lastName: string, email: string, password: string) {
  const api = await request.newContext({ baseURL: baseURL() });
  const response = await api.post('/api/auth/register', { data: { firstName, lastName, email, password } });
  expect(response.status()).toBe(201);
  expect((await api.delete('/api/users/onboarding')).status()).toBe(200);
  return { api, id: ((await response.json()) as User).id };
}

/**
 * Signing in and out, the login messages, and Dev Login (docs/product.md § Accounts and sessions, § Demo mode).
 * Signing in and Dev Login turn the page into the member's without reloading it; signing out reloads.
 */
describe('signing in and out', () => {
  let page: Page;
  let context: BrowserContext;
  const email = uniqueEmail('signin');
  const password = 'correct-horse-1';
  const frenchEmail = uniqueEmail('signin-fr');
  let marieId: string;
  /** Another member, signed in through the API only: their friend request reaches Marie's bell live. */
  let pierre: APIRequestContext;

  beforeAll(async () => {
    // The members are made through the API from separate clients, so the browser starts signed out.
    const marie = await apiMember('Marie', 'Curie', email, password);
    marieId = marie.id;
    await marie.api.dispose();
    ({ api: pierre } = await apiMember('Pierre', 'Curie', uniqueEmail('pierre'), password));
    const french = await apiMember('Irène', 'Joliot', frenchEmail, password);
    expect((await french.api.put('/api/users/locale', { data: { locale: 'fr' } })).ok()).toBe(true);
    await french.api.dispose();

    ({ page, context } = await openBrowser());
    await recordToasts(context);
  });

  afterAll(async () => {
    await pierre?.dispose();
  });

  const dialog = () => page.getByRole('dialog');
  const submitSignIn = () => dialog().getByRole('button', { name: 'Sign In', exact: true }).click();
  const wishlistLink = () => page.getByRole('link', { name: 'Wishlist', exact: true });

  async function openSignIn() {
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(dialog());
    await expect
      .poll(() => dialog().getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected'))
      .toBe('true');
    await visible(page.locator('#login-email'));
  }

  /** The refusal shows under the password field (as sign-up's do), which has the focus. */
  async function expectPasswordRefused() {
    const error = page.locator('#login-password-error');
    await visible(error);
    expect(await error.innerText()).toBe('Invalid email or password');
    expect(await page.locator('#login-password').getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.locator('#login-password').evaluate((input) => input === document.activeElement), {
        timeout: 20_000,
      })
      .toBe(true);
  }

  async function authStatus(): Promise<{ authenticated: boolean; user: { email: string } | null }> {
    const response = await page.request.get('/api/auth/status');
    expect(response.ok()).toBe(true);
    return response.json();
  }

  it('a wrong password is refused with the server message', async () => {
    await page.goto('/');
    await expectSignedOutBar(page);
    await openSignIn();
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill('wrong-password');
    await submitSignIn();
    await expectPasswordRefused();
    await visible(dialog());
    expect((await authStatus()).authenticated).toBe(false);
  });

  it('an unknown email is refused the same way', async () => {
    await page.locator('#login-email').fill(uniqueEmail('nobody'));
    await page.locator('#login-password').fill(password);
    await submitSignIn();
    await expectPasswordRefused();
    await visible(dialog());
  });

  it('the right password signs in without a reload: welcome toast, avatar menu, the member home page', async () => {
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(password);
    await expectNoReload(
      page,
      () => submitSignIn(),
      () => expectSignedInBar(page, 'Marie Curie'),
    );

    await hidden(dialog());
    // The toast is rendered a moment after the bar changes (slower under load): wait for it.
    await expect
      .poll(async () => (await toastLog(page)).at(-1))
      .toEqual(['Welcome back!', 'You have successfully logged in.']);
    expect(await page.getByRole('button', { name: 'Account menu for Marie Curie' }).innerText()).toBe('MC');
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
    await visible(page.getByRole('button', { name: 'List Item', exact: true }));
    await visible(wishlistLink());
    // The same address is now the member's home page, not the landing page.
    await expectPath(page, '/');
    await visible(page.getByRole('region', { name: 'Your Dashboard' }));
    expect(await page.getByRole('heading', { name: 'Fashion Forward, Barter Smart' }).count()).toBe(0);
  });

  it('right after signing in, with no reload: the bell gets a live notification and member pages open', async () => {
    await expectNoReload(
      page,
      async () => {
        // The real-time connection was opened for the member: Pierre's friend request rings the bell.
        const response = await pierre.post('/api/social/connect', { data: { friendId: marieId } });
        expect(response.status(), await response.text()).toBe(201);
      },
      () => visible(page.getByRole('button', { name: 'Notifications, 1 unread' })),
    );

    // A member-only page, reached in the app: the member's wishlist, not the visitors' prompt.
    await expectNoReload(
      page,
      () => wishlistLink().click(),
      () => visible(page.getByRole('button', { name: 'Add to Wishlist' })),
    );
    await expectPath(page, '/wishlist');
    expect(await page.getByRole('heading', { level: 1, name: 'Sign in to keep a wishlist' }).count()).toBe(0);
    await page.goBack();
    await expectPath(page, '/');

    // Still signed in after another reload: the session is a cookie, not page state.
    await page.reload();
    await expectSignedInBar(page, 'Marie Curie');
    expect((await authStatus()).user?.email).toBe(email);
  });

  it('the avatar menu shows the member and its entries', async () => {
    const menu = await openUserMenu(page);
    await visible(menu.getByText('Marie Curie', { exact: true }));
    await visible(menu.getByText(email, { exact: true }));
    for (const label of ['Profile', 'My Items', 'Messages', 'Sign Out']) {
      const entry = menu.getByRole('menuitem', { name: label, exact: true });
      await visible(entry);
      expect((await entry.innerText()).trim()).toBe(label);
    }
  });

  it('Sign Out from the avatar menu ends the session and shows the signed-out bar', async () => {
    await expectReload(page, () => page.getByRole('menuitem', { name: 'Sign Out' }).click());
    await expectSignedOutBar(page);
    await expectPath(page, '/');
    expect((await authStatus()).authenticated).toBe(false);
    await page.reload();
    await expectSignedOutBar(page);
  });

  it('Dev Login signs in as the demo member, Demo Trader', async () => {
    // Starts signed out whatever the step before left behind.
    await context.clearCookies();
    await page.goto('/');
    await expectSignedOutBar(page);
    await expectNoReload(
      page,
      () => page.getByRole('button', { name: 'Dev Login' }).click(),
      () => expectSignedInBar(page, 'Demo Trader'),
    );
    expect(await page.getByRole('button', { name: 'Account menu for Demo Trader' }).innerText()).toBe('DT');
    await visible(page.getByRole('region', { name: 'Your Dashboard' }));

    const menu = await openUserMenu(page);
    await visible(menu.getByText('Demo Trader', { exact: true }));
    await visible(menu.getByText('demo@threadswap.example', { exact: true }));
    await page.keyboard.press('Escape');
    await hidden(menu);
    expect((await authStatus()).user?.email).toBe('demo@threadswap.example');
  });

  it('signing out on a member-only page lands on the home page, not the 404', async () => {
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expectPath(page, '/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Demo Trader' }));
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expectPath(page, '/');
    await expectSignedOutBar(page);
    await visible(page.getByRole('heading', { name: 'Fashion Forward, Barter Smart' }));
    expect(await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).count()).toBe(0);
  });

  it("signing in applies the member's saved language at once, without a reload", async () => {
    await context.clearCookies();
    await page.goto('/browse');
    await expectSignedOutBar(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await openSignIn();
    await page.locator('#login-email').fill(frenchEmail);
    await page.locator('#login-password').fill(password);
    await expectNoReload(
      page,
      () => submitSignIn(),
      // The bar speaks French at once: its avatar menu is named in French.
      () => visible(page.getByRole('button', { name: 'Menu du compte de Irène Joliot' })),
    );
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expectPath(page, '/browse');
  });
});
