import { type Page, request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, openBrowser, uniqueEmail } from './support/browser';
import { visible } from './support/ui';

/**
 * Forgot password, as a member would do it on a demo server without a mail server: the link in the
 * sign-in dialog, the request form, the email read at /dev/outbox, the reset page, then signing in
 * with the new password. At desktop and phone widths.
 */
describe.each([
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
])('forgot password at $width px', (viewport) => {
  let page: Page;
  const email = uniqueEmail('forgot');
  const oldPassword = 'first-password-42';
  const newPassword = 'brand-new-passphrase-7';

  beforeAll(async () => {
    const api = await request.newContext({ baseURL: baseURL() });
    const response = await api.post('/api/auth/register', {
      data: { firstName: 'Ada', lastName: 'Lovelace', email, password: oldPassword },
    });
    expect(response.status()).toBe(201);
    await api.dispose();
    ({ page } = await openBrowser(viewport));
  });

  it('asks for a link from the sign-in dialog without saying whether the account exists', async () => {
    await page.goto('/api/login');
    // The authentication dialog: the one with the Sign In and Sign Up tabs.
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Sign In' }) });
    await visible(dialog);
    await dialog.getByRole('link', { name: 'Forgot password?' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Forgot your password?' }));
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page
      .getByRole('status')
      .filter({ hasText: 'we have sent it a link to choose a new password' });
    await visible(sent);
    expect(await sent.innerText()).toContain(email);
  });

  it('follows the emailed link from /dev/outbox and sets a new password', async () => {
    // The request is answered before the email is written: wait for it to appear.
    let href: string | null = null;
    await expect
      .poll(
        async () => {
          await page.goto('/dev/outbox');
          const mail = page.locator('article.mail', { has: page.locator('.to', { hasText: email }) }).first();
          if ((await mail.count()) === 0) return null;
          href = await mail.locator('a[href*="/reset-password?token="]').first().getAttribute('href');
          return href;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeTruthy();
    const link = new URL(href ?? '');
    await page.goto(`${link.pathname}${link.search}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Choose a new password' }));
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Your password has been changed' }));

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await form.getByLabel('New password', { exact: true }).fill('yet-another-passphrase-9');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByText('This link is invalid or has expired', { exact: false }));
  });

  it('signs in with the new password, not the old one', async () => {
    const api = await request.newContext({ baseURL: baseURL() });
    expect((await api.post('/api/auth/login', { data: { email, password: oldPassword } })).status()).toBe(
      401,
    );
    expect((await api.post('/api/auth/login', { data: { email, password: newPassword } })).status()).toBe(
      200,
    );
    await api.dispose();
  });
});
