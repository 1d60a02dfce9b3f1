import { type BrowserContext, type Page, request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, openBrowser, uniqueEmail } from './support/browser';
import {
  expectNewToast,
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

/** Signing in and out, the login messages, and Dev Login (docs/product.md § Accounts and sessions, § Demo mode). */
describe('signing in and out', () => {
  let page: Page;
  let context: BrowserContext;
  const email = uniqueEmail('signin');
  const password = 'correct-horse-1';

  beforeAll(async () => {
    // The member is made through the API from a separate client, so the browser starts signed out.
    const api = await request.newContext({ baseURL: baseURL() });
    const response = await api.post('/api/auth/register', {
      data: { firstName: 'Marie', lastName: 'Curie', email, password },
    });
    expect(response.status()).toBe(201);
    expect((await api.delete('/api/users/onboarding')).status()).toBe(200);
    await api.dispose();

    ({ page, context } = await openBrowser());
    await recordToasts(context);
  });

  const dialog = () => page.getByTestId('dialog-auth');

  async function openSignIn() {
    await page.getByTestId('button-sign-in').click();
    await visible(dialog());
    await expect.poll(() => dialog().getByTestId('tab-login').getAttribute('aria-selected')).toBe('true');
    await visible(page.locator('#login-email'));
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
    await expectNewToast(
      page,
      () => dialog().getByTestId('button-submit-login').click(),
      'Login failed',
      'Invalid email or password',
    );
    await visible(dialog());
    expect((await authStatus()).authenticated).toBe(false);
  });

  it('an unknown email is refused the same way', async () => {
    await page.locator('#login-email').fill(uniqueEmail('nobody'));
    await page.locator('#login-password').fill(password);
    await expectNewToast(
      page,
      () => dialog().getByTestId('button-submit-login').click(),
      'Login failed',
      'Invalid email or password',
    );
    await visible(dialog());
  });

  it('the right password signs in: welcome toast, reload, avatar menu', async () => {
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(password);
    await expectReload(page, () => dialog().getByTestId('button-submit-login').click());

    await expectSignedInBar(page, 'Marie Curie');
    await hidden(dialog());
    expect((await toastLog(page)).at(-1)).toEqual(['Welcome back!', 'You have successfully logged in.']);
    expect(await page.getByTestId('button-user-menu').innerText()).toBe('MC');
    await visible(page.getByTestId('button-notifications'));
    await visible(page.getByTestId('button-list-item'));
    await visible(page.getByTestId('link-wishlist'));

    // Still signed in after another reload: the session is a cookie, not page state.
    await page.reload();
    await expectSignedInBar(page, 'Marie Curie');
    expect((await authStatus()).user?.email).toBe(email);
  });

  it('the avatar menu shows the member and its entries', async () => {
    const menu = await openUserMenu(page);
    await visible(menu.getByText('Marie Curie', { exact: true }));
    await visible(menu.getByText(email, { exact: true }));
    for (const [testId, label] of [
      ['menu-profile', 'Profile'],
      ['menu-my-items', 'My Items'],
      ['menu-messages', 'Messages'],
      ['menu-sign-out', 'Sign Out'],
    ] as const) {
      const entry = page.getByTestId(testId);
      await visible(entry);
      expect((await entry.innerText()).trim()).toBe(label);
    }
  });

  it('Sign Out from the avatar menu ends the session and shows the signed-out bar', async () => {
    await expectReload(page, () => page.getByTestId('menu-sign-out').click());
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
    await expectReload(page, () => page.getByTestId('button-dev-login').click());
    await expectSignedInBar(page, 'Demo Trader');
    expect(await page.getByTestId('button-user-menu').innerText()).toBe('DT');

    const menu = await openUserMenu(page);
    await visible(menu.getByText('Demo Trader', { exact: true }));
    await visible(menu.getByText('demo@threadswap.example', { exact: true }));
    await page.keyboard.press('Escape');
    await hidden(menu);
    expect((await authStatus()).user?.email).toBe('demo@threadswap.example');
  });

  it('signing out on a member-only page lands on the home page, not the 404', async () => {
    await openUserMenu(page);
    await page.getByTestId('menu-profile').click();
    await expectPath(page, '/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Demo Trader' }));
    await openUserMenu(page);
    await page.getByTestId('menu-sign-out').click();
    await expectPath(page, '/');
    await expectSignedOutBar(page);
    await visible(page.getByRole('heading', { name: 'Fashion Forward, Barter Smart' }));
    expect(await page.getByTestId('page-not-found').count()).toBe(0);
  });
});
