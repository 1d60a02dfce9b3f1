import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settle } from './support/axe';
import { openBrowser } from './support/browser';
import { pngFiles, registerMember, shown, textOf, type Member } from './support/journeys';
import { visible } from './support/ui';

/** Account settings' Profile card: photo, name and location, seen in the header and on the profile. */
describe('profile photo, name and location', () => {
  let page: Page;
  let member: Member;

  beforeAll(async () => {
    page = (await openBrowser()).page;
    await page.goto('/');
    member = await registerMember(page, 'Pia', 'Photo');
  });

  const headerAvatarImage = () => page.getByTestId('button-user-menu').locator('img');

  it('uploads a photo that shows in the header and on the profile, and removes it again', async () => {
    await page.goto('/profile?tab=preferences');
    const card = page.getByTestId('card-profile-details');
    await shown(card);
    expect(await headerAvatarImage().count()).toBe(0);
    const [photo] = await pngFiles(1);
    await page.getByTestId('input-profile-photo').setInputFiles(photo ?? '');
    await shown(card.getByTestId('button-remove-photo'));
    await shown(headerAvatarImage());
    expect(await headerAvatarImage().getAttribute('src')).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByTestId('button-remove-photo').click();
    await shown(card.getByTestId('button-upload-photo'));
    await expect.poll(() => headerAvatarImage().count(), { timeout: 20_000 }).toBe(0);
  });

  it('changes the name and location, shown in the header and on the profile', async () => {
    await page.goto('/profile?tab=preferences');
    const card = page.getByTestId('card-profile-details');
    await shown(card);
    await card.getByTestId('input-profile-first-name').fill('Petra');
    await card.getByTestId('input-profile-location').fill('Leeds, UK');
    await card.getByTestId('button-save-profile').click();
    await expect.poll(() => textOf(page.getByTestId('button-user-menu')), { timeout: 20_000 }).toBe('PP');
    await page.goto('/profile');
    await visible(page.getByTestId('text-profile-name'));
    expect(await textOf(page.getByTestId('text-profile-name'))).toBe(`Petra ${member.lastName}`);
    expect(await textOf(page.getByTestId('text-profile-location'))).toBe('Leeds, UK');
  });

  it('shows a refused name under its field', async () => {
    await page.goto('/profile?tab=preferences');
    const card = page.getByTestId('card-profile-details');
    await shown(card);
    const firstName = card.getByTestId('input-profile-first-name');
    await firstName.fill('   ');
    await card.getByTestId('button-save-profile').click();
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await firstName.getAttribute('aria-describedby')) ?? '';
    expect(await textOf(page.locator(`#${describedBy.split(' ').at(-1)}`))).toBe('First name is required');
    await settle(page);
  });
});
