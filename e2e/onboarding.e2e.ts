import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import { getJson, gone, shown, textOf } from './support/journeys';

/** Registers through the Sign Up dialog on a phone; the page turns into the member's view (no reload). */
async function signUp(page: Page, firstName: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/?auth=register');
  const auth = page.getByTestId('dialog-auth');
  await shown(auth);
  await page.locator('#register-first-name').fill(firstName);
  await page.locator('#register-last-name').fill('Newman');
  await page.locator('#register-email').fill(uniqueEmail(firstName.toLowerCase()));
  await page.locator('#register-password').fill('swap-secret-1');
  await page.locator('#register-confirm-password').fill('swap-secret-1');
  await auth.getByTestId('button-submit-register').click();
}

/** docs/product.md § Onboarding: the welcome flow after registering, shown once. */
describe('a new member is welcomed', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openBrowser({ width: 375, height: 812 }));
  });

  it('greets them by name, saves styles, sizes and location, and does not show again', async () => {
    await signUp(page, 'Nina');
    const dialog = page.getByTestId('dialog-onboarding');
    await shown(dialog);
    expect(await textOf(dialog.getByTestId('text-onboarding-welcome'))).toBe('Welcome, Nina!');
    expect(await seriousViolations(page, '[data-testid="dialog-onboarding"]')).toEqual([]);
    await dialog.getByTestId('button-onboarding-next').click();

    await dialog.getByTestId('chip-onboarding-style-tops').click();
    await dialog.getByTestId('button-onboarding-next').click();
    await dialog.getByTestId('chip-onboarding-size-m').click();
    await dialog.getByTestId('chip-onboarding-shoe-8.5').click();
    await dialog.getByTestId('button-onboarding-next').click();
    // The town comes from the gazetteer: typed, then picked (GeoNames 2644688 is Leeds, England).
    await dialog.getByTestId('input-onboarding-location').fill('Leeds');
    await page.getByTestId('town-option-2644688').click();
    await dialog.getByTestId('button-onboarding-next').click();
    await shown(dialog.getByTestId('button-onboarding-list-item'));
    await dialog.getByTestId('button-onboarding-next').click();
    await gone(dialog);

    const me = await getJson<{
      preferredCategories: string[];
      preferredSizes: Record<string, string[]>;
      location: string | null;
      onboardingPending: boolean;
    }>(page, '/api/auth/user');
    expect(me).toMatchObject({
      preferredCategories: ['Tops', 'Shoes'],
      preferredSizes: { Tops: ['M'], Shoes: ['8.5'] },
      location: 'Leeds, ENG, GB',
      onboardingPending: false,
    });

    await page.reload();
    await shown(page.getByTestId('tab-bar'));
    await page.waitForLoadState('networkidle');
    expect(await dialog.count()).toBe(0);
  });

  it('can be skipped at once, and stays skipped', async () => {
    await signUp(page, 'Omar');
    const dialog = page.getByTestId('dialog-onboarding');
    await shown(dialog);
    expect(await textOf(dialog.getByTestId('text-onboarding-welcome'))).toBe('Welcome, Omar!');
    await dialog.getByTestId('button-onboarding-skip').click();
    await gone(dialog);
    await expect
      .poll(
        async () => (await getJson<{ onboardingPending: boolean }>(page, '/api/auth/user')).onboardingPending,
      )
      .toBe(false);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await dialog.count()).toBe(0);
  });
});
