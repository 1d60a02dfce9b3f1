import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, uniqueEmail } from './support/browser';
import { skipOnboarding } from './support/journeys';

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
    await visible(page.getByTestId('dialog-item-detail'));
    await page.getByTestId('button-report-item').click();
    const dialog = page.getByTestId('dialog-report');
    await visible(dialog);

    // A reason is required.
    await dialog.getByTestId('button-submit-report').click();
    await visible(dialog.getByText('Choose a reason for your report'));

    await dialog.getByTestId('select-report-reason').click();
    await page.getByRole('option', { name: 'Counterfeit item', exact: true }).click();
    await dialog.getByTestId('input-report-details').fill('The label does not match the brand.');
    await expectToast(
      page,
      () => dialog.getByTestId('button-submit-report').click(),
      'Report sent',
      'Thank you. Our moderators will review it.',
    );
    await hidden(dialog);

    // It was stored: the same report again is refused, and the dialog says why.
    await page.getByTestId('button-report-item').click();
    await visible(dialog);
    await dialog.getByTestId('select-report-reason').click();
    await page.getByRole('option', { name: 'Spam', exact: true }).click();
    await expectToast(
      page,
      () => dialog.getByTestId('button-submit-report').click(),
      'Report not sent',
      'You have already reported this; our moderators are on it',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);

    // The owner gets no Report action on their own item.
    await bob.page.goto(`/browse?highlight=${bobsItem.id}`);
    await visible(bob.page.getByTestId('button-detail-item-menu'));
    expect(await bob.page.getByTestId('button-report-item').count()).toBe(0);
  });

  it('a member blocks another from their profile, who then cannot contact them', async () => {
    const { page } = alice;
    await page.goto(`/profile?user=${b.id}`);
    await visible(page.getByTestId('button-report-member'));
    // Public profiles name a member by first name and last initial.
    const publicName = `${b.firstName} S.`;
    await expect.poll(() => page.getByTestId('text-profile-name').textContent()).toBe(publicName);
    await expectToast(
      page,
      () => page.getByTestId('button-block-member').click(),
      'Member blocked',
      `${publicName} can no longer message you or send you trade requests.`,
    );
    await visible(page.getByText('You blocked this member'));
    await visible(page.getByTestId('button-unblock-member'));

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

    // Alice's Account card lists Bob under Blocked members.
    await page.goto('/profile?tab=preferences');
    await visible(page.getByTestId('card-account'));
    await visible(page.getByTestId(`blocked-member-${b.id}`));
  });

  it('the Account card lists where the member is signed in, and signs another device out', async () => {
    const login = await aliceElsewhere.page.request.post('/api/auth/login', {
      data: { email: a.email, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    expect(await authenticated(aliceElsewhere.page)).toBe(true);

    const { page } = alice;
    await page.goto('/profile?tab=preferences');
    const section = page.getByTestId('section-sessions');
    await visible(section);
    const rows = section.locator('li[data-testid^="session-"]');
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT_MS }).toBe(2);
    // This device is marked and cannot sign itself out from here; the other one can.
    await visible(section.getByText('This device'));
    const signOut = section.locator('[data-testid^="button-end-session-"]');
    expect(await signOut.count()).toBe(1);
    await signOut.click();
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT_MS }).toBe(1);
    expect(await section.getByTestId('button-end-other-sessions').count()).toBe(0);

    expect(await authenticated(page)).toBe(true);
    expect(await authenticated(aliceElsewhere.page)).toBe(false);
  });

  it('changing the password signs the member out of their other sessions', async () => {
    const login = await aliceElsewhere.page.request.post('/api/auth/login', {
      data: { email: a.email, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    await aliceElsewhere.page.goto('/');
    await visible(aliceElsewhere.page.getByTestId('button-user-menu'));

    const { page } = alice;
    await page.goto('/profile?tab=preferences');
    const card = page.getByTestId('card-account');
    await visible(card);

    // The new password must be confirmed.
    await card.getByTestId('input-current-password').fill(PASSWORD);
    await card.getByTestId('input-new-password').fill(NEW_PASSWORD);
    await card.getByTestId('input-confirm-password').fill('something-else');
    await card.getByTestId('button-change-password').click();
    await visible(card.getByText('The passwords do not match'));

    // A wrong current password is refused with the server's message, under its field, in view.
    await card.getByTestId('input-current-password').fill('not-my-password');
    await card.getByTestId('input-confirm-password').fill(NEW_PASSWORD);
    await card.getByTestId('button-change-password').click();
    const current = card.getByTestId('input-current-password');
    await expect.poll(() => current.getAttribute('aria-invalid'), { timeout: 20_000 }).toBe('true');
    const describedBy = ((await current.getAttribute('aria-describedby')) ?? '').split(' ');
    const errorId = describedBy.find((id) => id.endsWith('-error')) ?? '';
    expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe('Your current password is incorrect');
    await expect
      .poll(() => current.evaluate((input) => input === document.activeElement), { timeout: 20_000 })
      .toBe(true);

    await card.getByTestId('input-current-password').fill(PASSWORD);
    await expectToast(
      page,
      () => card.getByTestId('button-change-password').click(),
      'Password changed',
      'Your other sessions were signed out.',
    );
    await expect.poll(() => card.getByTestId('input-current-password').inputValue()).toBe('');

    // This session lives on; the other one has ended.
    expect(await authenticated(page)).toBe(true);
    expect(await authenticated(aliceElsewhere.page)).toBe(false);
    // The app itself may already be reloading the page it ended (the session-ended notice).
    await aliceElsewhere.page.reload({ waitUntil: 'commit' }).catch(() => undefined);
    await visible(aliceElsewhere.page.getByTestId('button-sign-in'));
    expect(await aliceElsewhere.page.getByTestId('button-user-menu').count()).toBe(0);
  });

  it('a member who is not a moderator is not authorized to see reports', async () => {
    const { page } = alice;
    await page.goto('/moderation');
    const moderation = page.getByTestId('page-moderation');
    await visible(moderation.getByText('Not authorised'));
    expect(await page.locator('[data-testid^="report-"]').count()).toBe(0);
    expect((await page.request.get('/api/moderation/reports?status=open')).status()).toBe(403);

    await page.getByTestId('button-user-menu').click();
    await visible(page.getByTestId('menu-profile'));
    expect(await page.getByTestId('menu-moderation').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('a member unblocks from the Account card, then deletes their account', async () => {
    const { page } = alice;
    await page.goto('/profile?tab=preferences');
    const card = page.getByTestId('card-account');
    await visible(card.getByTestId(`blocked-member-${b.id}`));
    await expectToast(
      page,
      () => card.getByTestId(`button-unblock-${b.id}`).click(),
      'Member unblocked',
      `${b.firstName} S. can contact you again.`,
    );
    await visible(card.getByTestId('text-no-blocked-members'));

    await card.getByTestId('button-delete-account').click();
    const dialog = page.getByTestId('dialog-delete-account');
    await visible(dialog);
    await dialog.getByTestId('input-delete-password').fill(PASSWORD);
    await expectToast(
      page,
      () => dialog.getByTestId('button-confirm-delete-account').click(),
      'Account not deleted',
      'Your password is incorrect',
    );
    await visible(dialog);

    await dialog.getByTestId('input-delete-password').fill(NEW_PASSWORD);
    await expectToast(
      page,
      () => dialog.getByTestId('button-confirm-delete-account').click(),
      'Account deleted',
      'Your account and listings have been removed. Sorry to see you go.',
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await visible(page.getByTestId('button-sign-in'));
    expect(await authenticated(page)).toBe(false);

    const login = await bob.page.request.post('/api/auth/login', {
      data: { email: a.email, password: NEW_PASSWORD },
    });
    expect(login.status()).toBe(401);
  });
});
