import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import { registerMember, shown, textOf } from './support/journeys';
import { type RunningServer, startServer } from './support/server';
import { expectNoReload, expectPath, visible } from './support/ui';

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

  it.each(['/profile', '/wishlist'])('%s asks a visitor to sign in instead of a 404', async (path) => {
    await page.goto(path);
    await visible(page.getByTestId('page-sign-in-prompt'));
    expect(await page.getByTestId('page-not-found').count()).toBe(0);
  });

  it("shows a member's public profile, with nothing private, and asks before Message", async () => {
    await page.goto(`/profile?user=${memberId}`);
    expect(await textOf(page.getByTestId('text-profile-name'))).toBe('Nina K.');
    await shown(page.getByTestId('text-profile-new-member'));
    await shown(page.getByTestId('text-profile-member-since'));
    expect(await textOf(page.getByTestId('text-profile-bio'))).toBe('Knitwear and boots.');
    await shown(page.getByRole('heading', { name: /More from Nina/ }));
    expect(await page.getByText('Kowalski').count()).toBe(0);
    expect(await page.getByText(email).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('button-message-member').click();
    const auth = page.getByTestId('dialog-auth');
    await shown(auth);
    expect(await textOf(auth.getByTestId('text-auth-reason'))).toBe(
      'Sign in to message members about their items and agree on your swaps.',
    );
    expect(await seriousViolations(page, '[data-testid="dialog-auth"]')).toEqual([]);
  });

  it('comes back to the same profile after signing in from the dialog', async () => {
    const { page: other } = await openBrowser();
    const member = await registerMember(other, 'Omar');
    const auth = page.getByTestId('dialog-auth');
    await page.locator('#login-email').fill(member.email);
    await page.locator('#login-password').fill('swap-secret-1');
    // No reload: the same address turns into the member's view of it.
    await expectNoReload(
      page,
      () => auth.getByTestId('button-submit-login').click(),
      () => shown(page.getByTestId('button-notifications')),
    );
    expect(page.url()).toContain(`/profile?user=${memberId}`);
    expect(await textOf(page.getByTestId('text-profile-name'))).toBe('Nina K.');
    // Now a member: the real Connect and Report buttons.
    await shown(page.getByTestId('button-connect-member'));
    await shown(page.getByTestId('button-report-member'));
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
    await visible(page.getByTestId('page-not-found'));
    expect(await textOf(page.getByTestId('text-not-found'))).toBe(
      'This page does not exist or has moved. Browse the latest swaps or go back home.',
    );
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
    await visible(page.getByTestId('button-sign-in'));
    expect(await page.getByTestId('button-dev-login').count()).toBe(0);
    await expectPath(page, '/no-such-page');
  });
});
