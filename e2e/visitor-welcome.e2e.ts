import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import { registerMember, shown } from './support/journeys';
import { type RunningServer, startServer } from './support/server';
import { expectNoReload, expectPath, visible } from './support/ui';

/** The not-found page's heading, the one thing that tells it apart. */
const notFoundHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: '404 Page Not Found', exact: true });

/** The sign-in dialog (its title follows the tab: 'Welcome back' on Sign In). */
const authDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Sign Up', exact: true }) });

/** Visitors are welcome (docs/product.md § Visitors): prompts, public profiles, the sign-in dialog. */
describe('a visitor is welcome', () => {
  let page: Page;
  let memberId: string;
  const email = uniqueEmail('nina');

  beforeAll(async () => {
    // Nina registers (from a browser of her own), so that her profile is there to visit.
    const nina = await openBrowser();
    const response = await nina.page.request.post('/api/auth/register', {
      data: { firstName: 'Nina', lastName: 'Kowalski', email, password: 'swap-secret-1' },
    });
    expect(response.status()).toBe(201);
    memberId = ((await response.json()) as { id: string }).id;
    await nina.page.request.delete('/api/users/onboarding');
    await nina.page.request.patch('/api/users/preferences', { data: { bio: 'Knitwear and boots.' } });
    ({ page } = await openBrowser({ width: 375, height: 812 }));
  });

  it.each([
    ['/profile', 'Sign in to see your profile'],
    ['/wishlist', 'Sign in to keep a wishlist'],
  ])('%s asks a visitor to sign in instead of a 404', async (path, title) => {
    await page.goto(path);
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 1, name: title, exact: true }));
    await visible(main.getByRole('button', { name: 'Sign In', exact: true }));
    await visible(main.getByRole('button', { name: 'Create an account', exact: true }));
    expect(await notFoundHeading(page).count()).toBe(0);
  });

  it("shows a member's public profile, with nothing private, and asks before Message", async () => {
    await page.goto(`/profile?user=${memberId}`);
    const main = page.getByRole('main');
    await shown(main.getByRole('heading', { level: 1, name: 'Nina K.', exact: true }));
    await shown(main.getByText('New member', { exact: true }));
    await shown(main.getByText(/^Member since /));
    await shown(main.getByText('Knitwear and boots.', { exact: true }));
    await shown(page.getByRole('heading', { name: /More from Nina/ }));
    expect(await page.getByText('Kowalski').count()).toBe(0);
    expect(await page.getByText(email).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Message Nina', exact: true }).click();
    const auth = authDialog(page);
    await shown(auth);
    await shown(auth.getByRole('heading', { name: 'Welcome back', exact: true }));
    // Why the visitor is asked to sign in.
    await shown(
      auth.getByText('Sign in to message members about their items and agree on your swaps.', {
        exact: true,
      }),
    );
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  it('comes back to the same profile after signing in from the dialog', async () => {
    const { page: other } = await openBrowser();
    const member = await registerMember(other, 'Omar');
    const auth = authDialog(page);
    await auth.getByLabel('Email', { exact: true }).fill(member.email);
    await auth.getByLabel('Password', { exact: true }).fill('swap-secret-1');
    // No reload: the same address turns into the member's view of it.
    await expectNoReload(
      page,
      () => auth.getByRole('button', { name: 'Sign In', exact: true }).click(),
      () => shown(page.getByRole('button', { name: /^Notifications/ })),
    );
    expect(page.url()).toContain(`/profile?user=${memberId}`);
    const main = page.getByRole('main');
    await shown(main.getByRole('heading', { level: 1, name: 'Nina K.', exact: true }));
    // Now a member: the real Connect and Report buttons (a visitor's read 'Report or block').
    await shown(main.getByRole('button', { name: 'Connect with Nina', exact: true }));
    await shown(main.getByRole('button', { name: 'Report', exact: true }));
  });
});

/** With DEMO off, members read product copy: no Dev Login, no notes for developers. */
describe('without DEMO', () => {
  let server: RunningServer;
  let dataDir: string;
  let page: Page;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'threadswap-visitors-'));
    server = await startServer({ DATA_DIR: dataDir, DEMO: 'off' });
    ({ page } = await openBrowser({ width: 1280, height: 900 }, server.url));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows no Dev Login and a product not-found page', async () => {
    await page.goto('/no-such-page');
    await visible(notFoundHeading(page));
    await visible(
      page
        .getByRole('main')
        .getByText('This page does not exist or has moved. Browse the latest swaps or go back home.', {
          exact: true,
        }),
    );
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    const bar = page.getByRole('banner');
    await visible(bar.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await page.getByRole('button', { name: 'Dev Login', includeHidden: true }).count()).toBe(0);
    await expectPath(page, '/no-such-page');
  });
});
