import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, uniqueEmail } from './support/browser';
import { skipOnboarding } from './support/journeys';
import { visible } from './support/ui';

/** The Preferences tab's Email card. */
function emailCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Email', exact: true });
}

/** The names of two of its checkboxes (each is named by its label: this text, then a hint). */
const DIGEST = 'Daily digest of your other notifications';
const TRADE_REQUESTS = 'Barter requests you receive';

/**
 * The email links as a new member meets them on a demo server without a mail server: the
 * confirmation link of registration and the one of an email change, both read at /dev/outbox; then
 * the Email card of the Preferences tab, whose choices stay after a reload. At both widths.
 */

/** The first link to `path` in the newest email to `to` kept in the outbox (waits for it to arrive). */
async function linkInOutbox(page: Page, to: string, path: string): Promise<string> {
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto('/dev/outbox');
        const mail = page.locator('article.mail', { has: page.locator('.to', { hasText: to }) }).first();
        if ((await mail.count()) === 0) return null;
        href = await mail.locator(`a[href*="${path}?token="]`).first().getAttribute('href');
        return href;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBeTruthy();
  const link = new URL(href ?? '');
  return `${link.pathname}${link.search}`;
}

describe.each([
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
])('email links and settings at $width px', (viewport) => {
  let page: Page;
  const email = uniqueEmail('verify');
  const newEmail = uniqueEmail('moved');
  const password = 'a-long-enough-passphrase-8';

  beforeAll(async () => {
    let context;
    ({ context, page } = await openBrowser(viewport));
    // Registering from the browser's own context signs it in.
    const response = await context.request.post('/api/auth/register', {
      data: { firstName: 'Vera', lastName: 'Verified', email, password },
    });
    expect(response.status()).toBe(201);
    // The first-visit onboarding would cover the pages this journey reads.
    await skipOnboarding(page);
  });

  it('confirms the address with the link of the welcome email', async () => {
    const before = await (await page.request.get('/api/auth/user')).json();
    expect(before.emailVerified).toBe(false);
    await page.goto(await linkInOutbox(page, email, '/verify-email'));
    await visible(page.getByRole('heading', { level: 1, name: 'Your email is confirmed', exact: true }));
    await visible(
      page.getByText(
        'Thank you: your email address is confirmed. You can now send trade requests and messages.',
      ),
    );
    const after = await (await page.request.get('/api/auth/user')).json();
    expect(after.emailVerified).toBe(true);
  });

  it('changes the email once the new address confirms it, and tells the old one', async () => {
    await page.goto('/profile?tab=preferences');
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await visible(account);
    const form = account.getByRole('form', { name: 'Change email', exact: true });
    await form.getByLabel('New email', { exact: true }).fill(newEmail);
    await form.getByLabel('Current password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Send confirmation link', exact: true }).click();
    await visible(form.getByRole('status').filter({ hasText: `We sent a link to ${newEmail}.` }));
    expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(email);

    await page.goto(await linkInOutbox(page, newEmail, '/confirm-email'));
    await visible(page.getByText('Your account now uses this email address. Sign in with it from now on.'));
    // Once confirmed, the page no longer asks to confirm.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Your new email is confirmed');
    await page.goto('/dev/outbox');
    await visible(page.locator('article.mail', { has: page.locator('.to', { hasText: email }) }).first());
    const member = await (await page.request.get('/api/auth/user')).json();
    expect(member.email).toBe(newEmail);
  });

  it('turns an email off in the Email card, and the choice stays after a reload', async () => {
    await page.goto('/profile?tab=preferences');
    const card = emailCard(page);
    await visible(card);
    const digest = card.getByRole('checkbox', { name: DIGEST });
    const requests = card.getByRole('checkbox', { name: TRADE_REQUESTS });
    await expect.poll(() => digest.getAttribute('aria-checked')).toBe('true');
    expect(await requests.getAttribute('aria-checked')).toBe('true');
    await card.getByText(DIGEST).click();
    await expect.poll(() => digest.getAttribute('aria-checked')).toBe('false');
    await expect
      .poll(async () => (await (await page.request.get('/api/notifications/preferences')).json()).digest)
      .toBe(false);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/email-settings-${viewport.width}.png`, fullPage: false });

    await page.reload();
    await visible(emailCard(page));
    // Both at once: the digest's 'false' alone may be read before the saved choices have loaded.
    await expect
      .poll(async () => [
        await emailCard(page).getByRole('checkbox', { name: DIGEST }).getAttribute('aria-checked'),
        await emailCard(page).getByRole('checkbox', { name: TRADE_REQUESTS }).getAttribute('aria-checked'),
      ])
      .toEqual(['false', 'true']);
  });
});
