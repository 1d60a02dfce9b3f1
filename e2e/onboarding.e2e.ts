import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser, uniqueEmail } from './support/browser';
import { getJson, gone, shown } from './support/journeys';

/** Registers through the Sign Up dialog on a phone; the page turns into the member's view (no reload). */
async function signUp(page: Page, firstName: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/?auth=register');
  // The authentication dialog: the one with the Sign In and Sign Up tabs.
  const auth = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('tab', { name: 'Sign Up', exact: true }) });
  await shown(auth);
  const field = (label: string) => auth.getByLabel(label, { exact: true });
  await field('First name').fill(firstName);
  // Its label reads 'Last name (optional)'.
  await auth.getByLabel('Last name').fill('Newman');
  await field('Email').fill(uniqueEmail(firstName.toLowerCase()));
  await field('Password').fill('swap-secret-1');
  await field('Confirm password').fill('swap-secret-1');
  await auth.getByRole('button', { name: 'Create Account', exact: true }).click();
}

/**
 * The welcome dialog, whichever step it shows (its title follows the step): the one with a Skip
 * button ('Skip for now' on the first step, 'Skip the rest' after).
 */
function welcomeDialog(page: Page): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: /^Skip (for now|the rest)$/ }) });
}

/** The welcome dialog's button to the next step ('Let's go', 'Next', then 'Done'). */
function nextButton(dialog: Locator, name: string): Locator {
  return dialog.getByRole('button', { name, exact: true });
}

/** docs/product.md § Onboarding: the welcome flow after registering, shown once. */
describe('a new member is welcomed', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openBrowser({ width: 375, height: 812 }));
  });

  it('greets them by name, saves styles, sizes and location, and does not show again', async () => {
    await signUp(page, 'Nina');
    const dialog = welcomeDialog(page);
    await shown(page.getByRole('dialog', { name: 'Welcome, Nina!', exact: true }));
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await nextButton(dialog, "Let's go").click();

    await shown(dialog.getByRole('heading', { name: 'What do you like to wear?', exact: true }));
    await dialog
      .getByRole('group', { name: 'Styles' })
      .getByRole('button', { name: 'Tops', exact: true })
      .click();
    await nextButton(dialog, 'Next').click();
    await shown(dialog.getByRole('heading', { name: 'Your sizes', exact: true }));
    await dialog
      .getByRole('group', { name: 'Clothing sizes' })
      .getByRole('button', { name: 'M', exact: true })
      .click();
    await dialog
      .getByRole('group', { name: /^Shoe sizes/ })
      .getByRole('button', { name: '8.5', exact: true })
      .click();
    await nextButton(dialog, 'Next').click();
    // The town comes from the gazetteer: typed, then picked (GeoNames 2644688 is Leeds, England).
    await dialog.getByRole('combobox', { name: 'Town or city' }).fill('Leeds');
    await dialog
      .getByRole('listbox', { name: 'Town or city' })
      .getByRole('option', { name: 'Leeds, ENG, United Kingdom', exact: true })
      .click();
    await nextButton(dialog, 'Next').click();
    await shown(dialog.getByRole('button', { name: 'List an item', exact: true }));
    await nextButton(dialog, 'Done').click();
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
    await shown(page.getByRole('navigation', { name: 'Tab bar' }));
    await page.waitForLoadState('networkidle');
    expect(await dialog.count()).toBe(0);
  });

  it('can be skipped at once, and stays skipped', async () => {
    await signUp(page, 'Omar');
    const dialog = welcomeDialog(page);
    await shown(page.getByRole('dialog', { name: 'Welcome, Omar!', exact: true }));
    await dialog.getByRole('button', { name: 'Skip for now', exact: true }).click();
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
