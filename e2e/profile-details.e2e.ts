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

  /** The avatar menu's button in the header ('Account menu for …'): the member's photo or initials. */
  const headerAvatar = () => page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
  const headerAvatarImage = () => headerAvatar().locator('img');
  /** Account settings' 'Profile' card, a region named by its heading. */
  const profileCard = () => page.getByRole('region', { name: 'Profile', exact: true });

  it('uploads a photo that shows in the header and on the profile, and removes it again', async () => {
    await page.goto('/profile?tab=preferences');
    const card = profileCard();
    await shown(card);
    expect(await headerAvatarImage().count()).toBe(0);
    const [photo] = await pngFiles(1);
    // 'Upload photo' opens the system's file chooser, as it does for a member.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      card.getByRole('button', { name: 'Upload photo', exact: true }).click(),
    ]);
    await chooser.setFiles(photo ?? '');
    await shown(card.getByRole('button', { name: 'Remove photo', exact: true }));
    await shown(headerAvatarImage());
    expect(await headerAvatarImage().getAttribute('src')).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Remove photo', exact: true }).click();
    await shown(card.getByRole('button', { name: 'Upload photo', exact: true }));
    await expect.poll(() => headerAvatarImage().count(), { timeout: 20_000 }).toBe(0);
  });

  it('changes the name and location, shown in the header and on the profile', async () => {
    await page.goto('/profile?tab=preferences');
    const card = profileCard();
    await shown(card);
    await card.getByLabel('First name', { exact: true }).fill('Petra');
    // Its label reads 'Location (optional)' (the form, 'Name and location', is not it).
    await card.getByRole('textbox', { name: /^Location/ }).fill('Leeds, UK');
    await card.getByRole('button', { name: 'Save Profile', exact: true }).click();
    // The header's avatar menu takes the new name (its initials, 'PP', read the same before).
    const renamed = page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for Petra ${member.lastName}`, exact: true });
    await visible(renamed);
    expect(await textOf(renamed)).toBe('PP');
    await page.goto('/profile');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 1, name: `Petra ${member.lastName}`, exact: true }));
    await visible(main.getByText('Leeds, UK', { exact: true }));
  });

  it('shows a refused name under its field', async () => {
    await page.goto('/profile?tab=preferences');
    const card = profileCard();
    await shown(card);
    const firstName = card.getByLabel('First name', { exact: true });
    await firstName.fill('   ');
    await card.getByRole('button', { name: 'Save Profile', exact: true }).click();
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await firstName.getAttribute('aria-describedby')) ?? '';
    expect(await textOf(page.locator(`#${describedBy.split(' ').at(-1)}`))).toBe('First name is required');
    await settle(page);
  });
});
