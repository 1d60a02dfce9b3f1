import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TradeRequest } from '@common/api/trades';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  getJson,
  gone,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import { listCoat, openTwoTraders } from './support/trading';

/** Screenshots for the lead, when E2E_PICTURES names a folder. */
async function picture(page: Page, name: string) {
  const folder = process.env.E2E_PICTURES;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** axe on the page (or within `scope`) at the phone's and the desktop's width. */
async function axeAtBothWidths(page: Page, scope?: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page, scope)).toEqual([]);
  }
  await page.setViewportSize(original);
}

async function post(page: Page, path: string, data: object, status = 200) {
  const response = await page.request.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return response.json();
}

async function patch(page: Page, path: string, data: object) {
  const response = await page.request.patch(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

/**
 * Issue 37 § 2, cards and dialogs that say who did what: a counter-offer card names its author and
 * every note its writer; a completed swap counts on the member's own profile, which shows no bio
 * they did not write; someone else's profile never looks like one's own; a blocked account
 * deletion names and links what blocks it; Barter on a member on holiday says so up front.
 * Ava browses at 1280 px, Ben on a 375 px phone.
 */
describe('cards and dialogs that say who did what', () => {
  let pageA: Page;
  let pageB: Page;
  let ava: Member;
  let ben: Member;
  let avaCoat: ApiItem;
  let benCoat: ApiItem;
  let benScarf: ApiItem;
  let trade: TradeRequest;

  beforeAll(async () => {
    const [a, b] = await openTwoTraders(
      { firstName: 'Ava', lastName: 'Detail' },
      { firstName: 'Ben', lastName: 'Detail', viewport: { width: 375, height: 800 } },
    );
    ({ page: pageA, member: ava } = a);
    ({ page: pageB, member: ben } = b);
    [avaCoat, benCoat, benScarf] = await Promise.all([
      listCoat(pageA, { title: `${uniqueWord('Ac')} trench`, estimatedValue: 7000 }),
      listCoat(pageB, { title: `${uniqueWord('Bc')} parka`, estimatedValue: 7200 }),
      listItemViaApi(pageB, {
        title: `${uniqueWord('Bs')} scarf`,
        category: 'accessories',
        estimatedValue: 6800,
      }),
    ]);
    trade = await post(
      pageA,
      '/api/trade-requests',
      { requestedItemId: benCoat.id, offeredItemId: avaCoat.id, message: 'Would you swap your parka?' },
      201,
    );
  });

  it('a counter-offer card is headed with its author, and every note names its writer', async () => {
    trade = await post(pageB, `/api/trade-requests/${trade.id}/counter`, {
      requestedItemIds: [benScarf.id],
      offeredItemIds: [avaCoat.id],
      message: 'The scarf instead?',
    });
    await pageA.goto('/profile?tab=barters');
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    expect(await textOf(card)).toContain(`${ben.name}'s counter-offer`);
    // The latest note, quoted under the offer.
    expect(await textOf(card.getByRole('blockquote'))).toBe('Ben: “The scarf instead?”');
    await card.getByText('Offer history (2 versions)', { exact: true }).click();
    expect(
      await textOf(card.getByRole('listitem').filter({ hasText: `Counter-offer 1 by ${ben.name}` })),
    ).toContain(`${ben.name}: “The scarf instead?”`);
    await picture(pageA, 'counter-card-1280');
    await axeAtBothWidths(pageA);

    await pageB.goto('/profile?tab=barters');
    const benCard = pageB.getByTestId(`trade-${trade.id}`);
    await shown(benCard);
    expect(await textOf(benCard)).toContain(`Your counter-offer to ${ava.name}`);
    expect(await textOf(benCard.getByRole('blockquote'))).toBe('You: “The scarf instead?”');
    await benCard.getByText('Offer history (2 versions)', { exact: true }).click();
    expect(
      await textOf(benCard.getByRole('listitem').filter({ hasText: `Request by ${ava.name}` })),
    ).toContain(`${ava.name}: “Would you swap your parka?”`);
    await picture(pageB, 'counter-card-375');
  });

  it('a blocked account deletion names and links the trade that blocks it', async () => {
    const current = await getJson<TradeRequest[]>(pageA, '/api/trade-requests');
    const latest = current.find((entry) => entry.id === trade.id) as TradeRequest;
    trade = await patch(pageA, `/api/trade-requests/${trade.id}`, {
      status: 'accepted',
      termsVersion: latest.termsVersion,
      offerVersion: latest.offerVersion,
    });
    await pageB.goto('/profile?tab=preferences');
    await pageB.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = pageB.getByRole('dialog', { name: 'Delete your account?' });
    await shown(dialog);
    await dialog.getByLabel('Enter your password to confirm').fill('swap-secret-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const link = dialog
      .getByRole('alert')
      .getByRole('link', { name: `Your accepted trade with ${ava.name}`, exact: true });
    await shown(link);
    expect(await link.getAttribute('href')).toBe(`/trades/${trade.id}`);
    await picture(pageB, 'deletion-blocked-375');
    await axeAtBothWidths(pageB, '[data-testid="dialog-delete-account"]');
    await link.click();
    await gone(dialog);
    await shown(pageB.getByRole('heading', { name: `Swap with ${ava.name}`, level: 1 }));
  });

  it('the own profile counts the completed swap and shows no bio the member did not write', async () => {
    await post(pageA, `/api/trade-requests/${trade.id}/sent`, {});
    await post(pageB, `/api/trade-requests/${trade.id}/sent`, {});
    await post(pageA, `/api/trade-requests/${trade.id}/received`, { asDescribed: true });
    await post(pageB, `/api/trade-requests/${trade.id}/received`, { asDescribed: true });
    await pageA.goto('/profile');
    await shown(pageA.getByText('1 swap', { exact: true }));
    expect(await pageA.getByText('New member: no trades yet').count()).toBe(0);
    // No bio she did not write (a bio is the member's own words: nothing to find it by but its place).
    expect(await pageA.getByTestId('text-profile-bio').count()).toBe(0);
    await shown(pageA.getByText('You have not written a bio yet: Edit profile adds one.', { exact: true }));
    await picture(pageA, 'own-profile-1280');
    await axeAtBothWidths(pageA);
  });

  it("someone else's profile marks no Profile tab or link as current and never says 'My profile'", async () => {
    await pageB.goto('/profile');
    const profileTab = pageB
      .getByRole('navigation', { name: 'Tab bar' })
      .getByRole('link', { name: 'Profile' });
    await shown(pageB.getByRole('heading', { name: ben.name, level: 1 }));
    expect(await profileTab.getAttribute('aria-current')).toBe('page');
    await pageB.goto(`/profile?user=${ava.id}`);
    // Back to where the member came from (here, their own profile): "Back", never "My profile".
    await shown(pageB.getByRole('button', { name: 'Back', exact: true }));
    expect(await profileTab.getAttribute('aria-current')).toBeNull();
    expect(await pageB.getByText('My profile', { exact: false }).count()).toBe(0);
    await picture(pageB, 'other-profile-375');
    await pageA.goto(`/profile?user=${ben.id}`);
    await shown(pageA.getByRole('button', { name: 'Back', exact: true }));
    expect(
      await pageA
        .getByRole('link', { name: 'Profile', exact: true, includeHidden: true })
        .and(pageA.locator('[aria-current="page"]'))
        .count(),
    ).toBe(0);
    await axeAtBothWidths(pageA);
  });
});

describe('Barter on a member on holiday', () => {
  it('shows disabled with "Away until …" before anything is filled in', async () => {
    const away = (await openBrowser()).page;
    const other = (await openBrowser({ width: 375, height: 800 })).page;
    await Promise.all([registerMember(away, 'Hana', 'Holiday'), registerMember(other, 'Omar', 'Other')]);
    const coat = await listCoat(away, { title: `${uniqueWord('Hc')} coat`, estimatedValue: 5000 });
    await post(other, '/api/favorites', { itemId: coat.id }, 201);
    const until = new Date(Date.now() + 14 * 86_400_000);
    const day = until.toISOString().slice(0, 10);
    const response = await away.request.put('/api/users/holiday', { data: { until: day } });
    expect(response.status(), await response.text()).toBe(200);
    const short = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));

    await other.goto('/profile?tab=favorites');
    const card = other.getByRole('article', { name: coat.title, exact: true });
    const cardButton = card.getByRole('button', { name: `Away until ${short}`, exact: true });
    await shown(cardButton);
    expect(await cardButton.isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Barter', exact: true }).count()).toBe(0);
    await picture(other, 'holiday-card-375');

    await other.goto(`/browse?highlight=${coat.id}`);
    const detailButton = other
      .getByRole('dialog', { name: coat.title })
      .getByRole('button', { name: `Away until ${short}`, exact: true });
    await shown(detailButton);
    expect(await detailButton.isDisabled()).toBe(true);
    await picture(other, 'holiday-detail-375');
    await axeAtBothWidths(other, '[role="dialog"]');
  });
});
