import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  getJson,
  gone,
  listItemViaApi,
  pngFiles,
  registerMember,
  shown,
  skipOnboarding,
  textOf,
  uniqueWord,
} from './support/journeys';
import { recordToasts, toastLog } from './support/ui';

/** Screenshots for the lead, when E2E_PICTURES names a folder. */
async function picture(page: Page, name: string) {
  const folder = process.env.E2E_PICTURES;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

async function axeAtBothWidths(page: Page, scope?: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page, scope)).toEqual([]);
  }
  await page.setViewportSize(original);
}

interface RingMember {
  page: Page;
  firstName: string;
  item: ApiItem;
  brand: string;
}

/** Issue 37 § 2: the swap rings page in plain words, a loop that closes, a decline that asks first. */
describe('the swap rings page', () => {
  it('reads rules in plain words, resets the rule form, closes the chain and confirms a decline', async () => {
    const members: RingMember[] = [];
    const categories = ['clothing', 'shoes', 'accessories'] as const;
    for (const [index, firstName] of ['Rosa', 'Sami', 'Tess'].entries()) {
      const { page, context } = await openBrowser(index === 0 ? { width: 375, height: 800 } : undefined);
      await recordToasts(context);
      await registerMember(page, firstName, 'Loop');
      const brand = uniqueWord(`Lb${index}`);
      const item = await listItemViaApi(page, {
        title: `${firstName}'s ${brand}`,
        category: categories[index] ?? 'clothing',
        brand,
        estimatedValue: 5000,
      });
      members.push({ page, firstName, item, brand });
    }
    const [rosa, sami, tess] = members as [RingMember, RingMember, RingMember];

    // Rosa writes her rule in the form: it reads in words, and the form starts over after saving.
    const { page } = rosa;
    await page.goto('/rings');
    await shown(page.getByRole('heading', { name: 'Swap Rings', level: 1 }));
    const form = page.getByRole('form', { name: 'New swap rule' });
    await form.getByLabel('Category').selectOption('shoes');
    await form.getByLabel('Brands (comma-separated)').fill(sami.brand);
    await form.getByLabel('From (×)').fill('0.5');
    await form.getByLabel('To (×)').fill('1.5');
    await shown(form.getByText("within ±50% of my item's value", { exact: true }));
    await form.getByRole('button', { name: 'Save rule', exact: true }).click();
    const rule = page.getByRole('list', { name: 'Your swap rules', exact: true }).getByRole('listitem');
    await shown(rule);
    const ruleText = await textOf(rule);
    expect(ruleText).toContain("within ±50% of my item's value");
    expect(ruleText).toContain('shoes');
    expect(ruleText).not.toMatch(/×/);
    await expect.poll(() => form.getByLabel('Brands (comma-separated)').inputValue()).toBe('');
    expect(await form.getByLabel('Category').inputValue()).toBe('');
    expect(await form.getByLabel('From (×)').inputValue()).toBe('0.67');

    // Sami wants Tess's bag, Tess wants Rosa's coat: a ring of three.
    for (const [member, wanted] of [
      [sami, tess],
      [tess, rosa],
    ] as const) {
      const response = await member.page.request.post('/api/swap-rules', {
        data: { category: wanted.item.category, brands: [wanted.brand] },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    const proposals = page.getByRole('region', { name: 'Proposals', exact: true });
    await page.reload();
    await shown(proposals.getByRole('heading', { name: '3-member swap ring' }));
    const [ring] = await getJson<Array<{ id: string }>>(page, '/api/rings');
    // A ring's card has no accessible name of its own: it is found by its test id.
    const card = page.getByTestId(`ring-${ring?.id}`);
    // The chain visibly closes: after the last item, back to the first member.
    await shown(card.getByText(/^and back to (you|Sami|Tess)$/));
    expect(await page.getByText(/three or more/i).count()).toBe(0);
    await card.getByText('Why this ring?').click();
    expect(await textOf(card)).not.toMatch(/× the value given/);
    await picture(page, 'rings-375');
    await axeAtBothWidths(page);

    // Declining asks first, then says what happened.
    await card.getByRole('button', { name: 'Decline', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Decline this swap ring?', exact: true });
    await shown(confirm);
    await picture(page, 'rings-decline-375');
    await axeAtBothWidths(page, '[role="dialog"]');
    const before = (await toastLog(page)).length;
    await confirm.getByRole('button', { name: 'Decline ring', exact: true }).click();
    await gone(confirm);
    await expect
      .poll(async () => (await toastLog(page)).slice(before).map(([title]) => title))
      .toContain('You declined the swap ring');
    await shown(page.getByRole('region', { name: 'Past rings', exact: true }).getByText('Declined'));
  }, 240_000);
});

/** Issue 37 § 4: a session ended from another device explains itself and returns to the same page. */
describe('a session ended from another device', () => {
  it('says "You were signed out on this device" and signs in again on the same page', async () => {
    const here = await openBrowser({ width: 375, height: 800 });
    const member = await registerMember(here.page, 'Sol', 'Session');
    const elsewhere = await openBrowser();
    const login = await elsewhere.page.request.post('/api/auth/login', {
      data: { email: member.email, password: 'swap-secret-1' },
    });
    expect(login.status(), await login.text()).toBe(200);

    const profileName = here.page.getByRole('heading', { level: 1, name: member.name, exact: true });
    await here.page.goto('/profile?tab=favorites');
    await shown(profileName);
    // Sign out everywhere else from the other device: a password change does it.
    const change = await elsewhere.page.request.post('/api/auth/password', {
      data: { currentPassword: 'swap-secret-1', newPassword: 'swap-secret-2' },
    });
    expect(change.status(), await change.text()).toBe(200);

    const dialog = here.page.getByRole('dialog', { name: 'Welcome back', exact: true });
    await shown(dialog);
    await shown(dialog.getByText('You were signed out on this device'));
    await expect.poll(() => new URL(here.page.url()).pathname).toBe('/profile');
    expect(new URL(here.page.url()).searchParams.get('tab')).toBe('favorites');
    await picture(here.page, 'signed-out-375');
    await axeAtBothWidths(here.page, '[role="dialog"]');

    await here.page.locator('#login-email').fill(member.email);
    await here.page.locator('#login-password').fill('swap-secret-2');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await gone(dialog);
    await shown(profileName);
    expect(new URL(here.page.url()).pathname).toBe('/profile');
    expect(new URL(here.page.url()).searchParams.get('tab')).toBe('favorites');
  }, 120_000);
});

/** Issue 37 § 3, the uploader: no stale photo error, no failed Cover, no silently cut title. */
describe('the listing form’s photos and title', () => {
  it('drops a stale photo error, never gives a failed file the Cover, counts the title', async () => {
    const { page } = await openBrowser({ width: 375, height: 800 });
    await registerMember(page, 'Uma', 'Upload');
    // The welcome dialog of a new member would stand over the tab bar.
    await skipOnboarding(page);
    await page.goto('/browse');
    const dialog = page.getByRole('dialog', { name: 'List an Item', exact: true });
    const authDialog = page.getByRole('dialog', { name: /^(Welcome back|Join Threadswap)$/ });
    // Under load the tab bar can be on screen before the app behind it is ready for a tap (or
    // before it knows the visitor is a member): tap again until the form opens.
    await expect
      .poll(
        async () => {
          if (await dialog.isVisible()) return true;
          if (await authDialog.isVisible()) await page.keyboard.press('Escape');
          await page.getByRole('button', { name: 'Sell', exact: true }).click();
          return dialog.waitFor({ state: 'visible', timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);

    // A save without photos asks for one; the message goes once a photo is in.
    await dialog.getByRole('button', { name: 'List Item', exact: true }).click();
    const photoError = dialog.locator('#item-photos-error');
    await shown(photoError);
    expect(await textOf(photoError)).toBe('Add at least one photo');

    // A file that is no image fails; the good one after it is the cover.
    const [good] = await pngFiles(1);
    const broken = `${good}.broken.png`;
    writeFileSync(broken, 'not an image at all');
    await page.locator('#input-photos').setInputFiles([broken, good ?? '']);
    // The chosen photos, in order: the first (broken) file's tile, then the good one's.
    const chosen = dialog.getByRole('list', { name: /photos/i }).first();
    const tile = (index: number) => chosen.getByRole('listitem').nth(index);
    await shown(tile(1));
    await eventually(() => dialog.getByRole('progressbar').count(), 0);
    await expect.poll(() => chosen.getAttribute('data-cover-index')).toBe('1');
    expect(await tile(0).getByText('Cover', { exact: true }).count()).toBe(0);
    expect(await tile(1).getByText('Cover', { exact: true }).count()).toBe(1);
    await tile(0)
      .getByRole('button', { name: /remove/i })
      .first()
      .click();
    await expect.poll(() => photoError.count()).toBe(0);

    // A long title is kept whole, counted, and refused with a message rather than cut.
    const long = 'A'.repeat(130);
    await page.locator('#item-title').fill(long);
    expect(await page.locator('#item-title').inputValue()).toBe(long);
    await shown(dialog.getByText('130/120 characters', { exact: true }));
    await picture(page, 'uploader-375');
    await axeAtBothWidths(page, '[role="dialog"]');
  }, 120_000);
});
