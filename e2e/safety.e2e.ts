import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, uniqueEmail } from './support/browser';
import { skipOnboarding } from './support/journeys';
import { expectSignedOutBar, openUserMenu } from './support/ui';

/**
 * Trust and safety, and account management: reporting an item, blocking a member (who then cannot
 * make contact), the list of signed-in devices, changing the password (other sessions end), the moderation view refused to a
 * member who is not a moderator, and deleting the account. Nobody here is granted the
 * moderator role (`npm run moderator`), so nobody here is a moderator.
 */

const UI_TIMEOUT_MS = 30_000;
const PASSWORD = 'swap-secret-1';
const NEW_PASSWORD = 'swap-secret-2';

const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
const hidden = (locator: Locator) => locator.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

/** Radix renders each toast as a list item of the 'Notifications (F8)' region: [title, description]. */
function toastTexts(page: Page): Promise<string[][]> {
  return page
    .locator('[role="region"][aria-label^="Notifications"] li')
    .evaluateAll((items) =>
      items.map((item) =>
        Array.from(item.querySelectorAll(':scope > div > div'), (line) => line.textContent ?? ''),
      ),
    );
}

/** Runs `action`, then waits until the one visible toast reads `title` / `description`. */
async function expectToast(page: Page, action: () => Promise<unknown>, title: string, description: string) {
  await action();
  await expect.poll(() => toastTexts(page), { timeout: UI_TIMEOUT_MS }).toEqual([[title, description]]);
}

interface Member {
  id: string;
  email: string;
  firstName: string;
}

/** Registers a member through the API from `page`'s context, which signs that context in. */
async function register(page: Page, firstName: string): Promise<Member> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await page.request.post('/api/auth/register', {
    data: { firstName, lastName: 'Safety', email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await skipOnboarding(page);
  return { id, email, firstName };
}

/** Lists an item with one uploaded photo as the member signed in to `page`'s context. */
async function listItem(page: Page, title: string): Promise<{ id: string; title: string }> {
  const png = await sharp({
    create: { width: 64, height: 80, channels: 3, background: { r: 120, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  const upload = await page.request.post('/api/images', {
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const response = await page.request.post('/api/items', {
    data: {
      title,
      description: `${title}, listed by the safety journey.`,
      category: 'clothing',
      gender: 'unisex',
      condition: 'good',
      estimatedValue: 4500,
      images: [url],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

/** The Preferences tab's 'Account' card (a region named by its heading). */
function accountCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Account', exact: true });
}

async function authenticated(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/auth/status');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { authenticated: boolean }).authenticated;
}

describe('trust and safety', () => {
  let alice: { context: BrowserContext; page: Page };
  let bob: { context: BrowserContext; page: Page };
  let aliceElsewhere: { context: BrowserContext; page: Page };
  let a: Member;
  let b: Member;
  let bobsItem: { id: string; title: string };
  let alicesItem: { id: string; title: string };

  beforeAll(async () => {
    [alice, bob, aliceElsewhere] = await Promise.all([openBrowser(), openBrowser(), openBrowser()]);
    a = await register(alice.page, 'Alice');
    b = await register(bob.page, 'Bob');
    bobsItem = await listItem(bob.page, 'Bob Safety Denim Jacket');
    alicesItem = await listItem(alice.page, 'Alice Safety Wool Scarf');
  });

  it('a member reports another member’s item from its detail view', async () => {
    const { page } = alice;
    await page.goto(`/browse?highlight=${bobsItem.id}`);
    const detail = page.getByRole('dialog', { name: bobsItem.title });
    const reportItem = detail.getByRole('button', { name: 'Report this item' });
    await visible(detail);
    await reportItem.click();
    const dialog = page.getByRole('dialog', { name: `Report “${bobsItem.title}”` });
    const reason = dialog.getByRole('combobox', { name: 'Reason' });
    const send = dialog.getByRole('button', { name: 'Send report' });
    await visible(dialog);

    // A reason is required.
    await send.click();
    await visible(dialog.getByText('Choose a reason for your report'));

    await reason.click();
    await page.getByRole('option', { name: 'Counterfeit item', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Details' }).fill('The label does not match the brand.');
    await expectToast(page, () => send.click(), 'Report sent', 'Thank you. Our moderators will review it.');
    await hidden(dialog);

    // It was stored: the same report again is refused, and the dialog says why.
    await reportItem.click();
    await visible(dialog);
    await reason.click();
    await page.getByRole('option', { name: 'Spam', exact: true }).click();
    await expectToast(
      page,
      () => send.click(),
      'Report not sent',
      'You have already reported this; our moderators are on it',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);

    // The owner gets no Report action on their own item.
    await bob.page.goto(`/browse?highlight=${bobsItem.id}`);
    const ownView = bob.page.getByRole('dialog', { name: bobsItem.title });
    await visible(ownView.getByRole('button', { name: `Manage ${bobsItem.title}` }));
    expect(await ownView.getByRole('button', { name: 'Report this item' }).count()).toBe(0);
  });

  it('a member blocks another from their profile, who then cannot contact them', async () => {
    const { page } = alice;
    await page.goto(`/profile?user=${b.id}`);
    await visible(page.getByRole('button', { name: 'Report', exact: true }));
    // Public profiles name a member by first name and last initial.
    const publicName = `${b.firstName} S.`;
    await visible(page.getByRole('heading', { level: 1, name: publicName, exact: true }));
    await expectToast(
      page,
      () => page.getByRole('button', { name: 'Block', exact: true }).click(),
      'Member blocked',
      `${publicName} can no longer message you or send you trade requests.`,
    );
    await visible(page.getByText('You blocked this member'));
    await visible(page.getByRole('button', { name: 'Unblock', exact: true }));

    // Bob can neither start a conversation with Alice nor request a trade for her item.
    const conversation = await bob.page.request.post('/api/conversations/find-or-create', {
      data: { otherUserId: a.id, relatedItemId: alicesItem.id },
    });
    expect(conversation.status()).toBe(403);
    expect(((await conversation.json()) as { message: string }).message).toBe(
      'You cannot contact this member',
    );

    const trade = await bob.page.request.post('/api/trade-requests', {
      data: { requestedItemId: alicesItem.id, offeredItemId: bobsItem.id, message: 'Swap?' },
    });
    expect(trade.status()).toBe(403);
    expect(((await trade.json()) as { message: string }).message).toBe('You cannot contact this member');

    // Alice's Account card lists Bob under Blocked members, linked to his profile.
    await page.goto('/profile?tab=preferences');
    const blocked = accountCard(page).getByRole('region', { name: 'Blocked members' });
    const bobLink = blocked.getByRole('link', { name: publicName, exact: true });
    await visible(bobLink);
    expect(await bobLink.getAttribute('href')).toBe(`/profile?user=${b.id}`);
  });

  it('the Account card lists where the member is signed in, and signs another device out', async () => {
    const login = await aliceElsewhere.page.request.post('/api/auth/login', {
      data: { email: a.email, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    expect(await authenticated(aliceElsewhere.page)).toBe(true);

    const { page } = alice;
    await page.goto('/profile?tab=preferences');
    const section = accountCard(page).getByRole('region', { name: "Where you're signed in" });
    await visible(section);
    const devices = section.getByRole('list', { name: 'Signed-in devices' });
    const rows = devices.getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT_MS }).toBe(2);
    // This device is marked and cannot sign itself out from here; the other one can.
    await visible(section.getByText('This device'));
    const signOut = devices.getByRole('button', { name: /^Sign out / });
    expect(await signOut.count()).toBe(1);
    await signOut.click();
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
    expect(await section.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);

    expect(await authenticated(page)).toBe(true);
    expect(await authenticated(aliceElsewhere.page)).toBe(false);
  });

  it('changing the password signs the member out of their other sessions', async () => {
    const login = await aliceElsewhere.page.request.post('/api/auth/login', {
      data: { email: a.email, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    await aliceElsewhere.page.goto('/');
    await visible(aliceElsewhere.page.getByRole('button', { name: /^Account menu for / }));

    const { page } = alice;
    await page.goto('/profile?tab=preferences');
    const form = accountCard(page).getByRole('form', { name: 'Change password' });
    await visible(form);
    const current = form.getByLabel('Current password', { exact: true });
    const confirm = form.getByLabel('Confirm new password', { exact: true });
    const change = form.getByRole('button', { name: 'Change password' });

    // The new password must be confirmed.
    await current.fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await confirm.fill('something-else');
    await change.click();
    await visible(form.getByText('The passwords do not match'));

    // A wrong current password is refused with the server's message, under its field, in view.
    await current.fill('not-my-password');
    await confirm.fill(NEW_PASSWORD);
    await change.click();
    await expect.poll(() => current.getAttribute('aria-invalid'), { timeout: 20_000 }).toBe('true');
    const describedBy = ((await current.getAttribute('aria-describedby')) ?? '').split(' ');
    const errorId = describedBy.find((id) => id.endsWith('-error')) ?? '';
    expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe('Your current password is incorrect');
    await expect
      .poll(() => current.evaluate((input) => input === document.activeElement), { timeout: 20_000 })
      .toBe(true);

    await current.fill(PASSWORD);
    await expectToast(page, () => change.click(), 'Password changed', 'Your other sessions were signed out.');
    await expect.poll(() => current.inputValue()).toBe('');

    // This session lives on; the other one has ended.
    expect(await authenticated(page)).toBe(true);
    expect(await authenticated(aliceElsewhere.page)).toBe(false);
    // The app itself may already be reloading the page it ended (the session-ended notice).
    await aliceElsewhere.page.reload({ waitUntil: 'commit' }).catch(() => undefined);
    await expectSignedOutBar(aliceElsewhere.page);
  });

  it('a member who is not a moderator is not authorized to see reports', async () => {
    const { page } = alice;
    await page.goto('/moderation');
    await visible(page.getByRole('heading', { level: 1, name: 'Not authorised' }));
    // No report is listed (a report card has no accessible name of its own: found by test id).
    expect(await page.locator('[data-testid^="report-"]').count()).toBe(0);
    expect((await page.request.get('/api/moderation/reports?status=open')).status()).toBe(403);

    const menu = await openUserMenu(page);
    await visible(menu.getByRole('menuitem', { name: 'Profile', exact: true }));
    expect(await menu.getByRole('menuitem', { name: 'Moderation' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('a member unblocks from the Account card, then deletes their account', async () => {
    const { page } = alice;
    await page.goto('/profile?tab=preferences');
    const card = accountCard(page);
    const blocked = card.getByRole('region', { name: 'Blocked members' });
    const publicName = `${b.firstName} S.`;
    await visible(blocked.getByRole('link', { name: publicName, exact: true }));
    await expectToast(
      page,
      () => blocked.getByRole('button', { name: `Unblock ${publicName}`, exact: true }).click(),
      'Member unblocked',
      `${publicName} can contact you again.`,
    );
    await visible(blocked.getByText("You haven't blocked anyone."));

    await card.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const password = dialog.getByLabel('Enter your password to confirm');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await visible(dialog);
    await password.fill(PASSWORD);
    await expectToast(page, () => confirm.click(), 'Account not deleted', 'Your password is incorrect');
    await visible(dialog);

    await password.fill(NEW_PASSWORD);
    await expectToast(
      page,
      () => confirm.click(),
      'Account deleted',
      'Your account and listings have been removed. Sorry to see you go.',
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expectSignedOutBar(page);

    const login = await bob.page.request.post('/api/auth/login', {
      data: { email: a.email, password: NEW_PASSWORD },
    });
    expect(login.status()).toBe(401);
  });
});
