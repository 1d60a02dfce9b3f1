import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReturnDate } from '../src/common/domain/holiday';
import { seriousViolations, settle } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  choose,
  eventually,
  expectLocation,
  getJson,
  itemTotal,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/**
 * Both widths the screens are checked at: the page passes axe at each. With E2E_SCREENSHOTS set to a
 * folder, each check also saves a screenshot there to look at.
 */
async function axeAtBothWidths(page: Page, within?: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    expect(await seriousViolations(page, within)).toEqual([]);
    const folder = process.env.E2E_SCREENSHOTS;
    if (folder) {
      const name = (within ?? 'page').replace(/[^a-z0-9-]+/gi, '');
      await page.screenshot({ path: `${folder}/${name}-${width}.png` });
    }
  }
}

describe('holiday mode', () => {
  let away: Page;
  let other: Page;
  let maya: Member;
  let coat: ApiItem;
  const word = uniqueWord('Hm');

  beforeAll(async () => {
    away = (await openBrowser()).page;
    other = (await openBrowser()).page;
    [maya] = await Promise.all([registerMember(away, 'Maya', 'Lund'), registerMember(other, 'Noor', 'Aziz')]);
    coat = await listItemViaApi(away, {
      title: `${word} wool coat`,
      category: 'clothing',
      estimatedValue: 6000,
    });
  });

  it('Maya sets a return date in her preferences: her items leave Browse and new requests are refused', async () => {
    expect(await itemTotal(other, { search: word })).toBe(1);
    await away.goto('/profile?tab=preferences');
    const card = away.getByTestId('card-holiday');
    await shown(card);
    const until = isoDay(12);
    await card.getByTestId('input-holiday-until').fill(until);
    await card.getByTestId('button-start-holiday').click();
    await eventually(
      () => textOf(card.getByTestId('text-holiday-status')),
      `You are away until ${formatReturnDate(until)}. Your items are hidden.`,
    );
    await axeAtBothWidths(away, '[data-testid="card-holiday"]');

    expect(await itemTotal(other, { search: word })).toBe(0);
    await other.goto(`/profile?user=${maya.id}`);
    await eventually(
      () => textOf(other.getByTestId('text-profile-away')),
      `Away until ${formatReturnDate(until)}`,
    );
    await other.goto(`/browse?highlight=${coat.id}`);
    const detail = other.getByTestId('dialog-item-detail');
    await shown(detail.getByTestId('text-detail-owner-away'));
    expect(await detail.getByTestId('button-detail-barter').count()).toBe(0);

    const mine = await listItemViaApi(other, {
      title: `${word} scarf`,
      category: 'accessories',
      estimatedValue: 3000,
    });
    const refused = await other.request.post('/api/trade-requests', {
      data: { requestedItemId: coat.id, offeredItemId: mine.id },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toContain(`Maya is away until ${formatReturnDate(until)}`);
  });

  it('ending holiday mode brings her items back at once', async () => {
    await away.goto('/profile?tab=preferences');
    const card = away.getByTestId('card-holiday');
    await card.getByTestId('button-end-holiday').click();
    await eventually(() => card.getByTestId('text-holiday-status').count(), 0);
    // The coat is back, next to the scarf Noor listed while Maya was away.
    expect(await itemTotal(other, { search: word })).toBe(2);
  });
});

describe('similar items', () => {
  let seller: Page;
  let visitor: Page;
  let target: ApiItem;
  let twin: ApiItem;
  const word = uniqueWord('Si');

  beforeAll(async () => {
    seller = (await openBrowser()).page;
    const otherSeller = (await openBrowser()).page;
    visitor = (await openBrowser()).page;
    await Promise.all([registerMember(seller, 'Sam', 'Berg'), registerMember(otherSeller, 'Ivo', 'Marr')]);
    target = await listItemViaApi(seller, {
      title: `${word} corduroy jacket`,
      category: 'clothing',
      gender: 'women',
      brand: 'Arket',
      size: 'M',
      estimatedValue: 7000,
    });
    twin = await listItemViaApi(otherSeller, {
      title: `${word} corduroy jacket`,
      category: 'clothing',
      gender: 'women',
      brand: 'Arket',
      size: 'M',
      estimatedValue: 7200,
    });
  });

  it('a visitor sees why each similar item is shown, and opens one from the row', async () => {
    await visitor.goto(`/browse?highlight=${target.id}`);
    const detail = visitor.getByTestId('dialog-item-detail');
    const row = detail.getByTestId('section-similar-items');
    await shown(row);
    const card = row.getByTestId(`card-similar-${twin.id}`);
    await shown(card);
    expect(await textOf(card)).toContain('same brand');
    await axeAtBothWidths(visitor, '[data-testid="dialog-item-detail"]');
    await card.getByRole('link').click();
    await expectLocation(visitor, '/browse', { highlight: twin.id });
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), twin.title);
  });

  it('a withdrawn item shows similar items in its place instead of a dead end', async () => {
    const removed = await seller.request.delete(`/api/items/${target.id}`);
    expect(removed.status()).toBe(204);
    await visitor.goto(`/browse?highlight=${target.id}`);
    const detail = visitor.getByTestId('dialog-item-detail');
    await shown(detail.getByText('This item is no longer available'));
    await shown(detail.getByTestId(`card-similar-${twin.id}`));
    await axeAtBothWidths(visitor, '[data-testid="dialog-item-detail"]');
  });
});

describe('shipment tracking', () => {
  let ava: Page;
  let ben: Page;
  let tradeId: string;

  beforeAll(async () => {
    ava = (await openBrowser()).page;
    ben = (await openBrowser()).page;
    await Promise.all([registerMember(ava, 'Ava', 'Reyes'), registerMember(ben, 'Ben', 'Owens')]);
    const [wanted, offered] = await Promise.all([
      listItemViaApi(ben, {
        title: `${uniqueWord('St')} wool coat`,
        category: 'clothing',
        estimatedValue: 8000,
      }),
      listItemViaApi(ava, {
        title: `${uniqueWord('St')} trench`,
        category: 'clothing',
        estimatedValue: 7600,
      }),
    ]);
    const created = await ava.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    tradeId = (await created.json()).id;
    const [trade] = await getJson<Array<{ termsVersion: string }>>(ben, '/api/trade-requests');
    const accepted = await ben.request.patch(`/api/trade-requests/${tradeId}`, {
      data: { status: 'accepted', termsVersion: trade?.termsVersion },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  });

  it('Ava adds her tracking; Ben sees it shipped with a link to the carrier', async () => {
    await ava.goto('/profile?tab=barters');
    await ava.getByTestId('tab-barters-accepted').click();
    const card = ava.getByTestId(`trade-${tradeId}`);
    await shown(card);
    expect(await textOf(card.getByTestId(`text-shipment-mine-${tradeId}`))).toBe('You: not shipped yet');
    expect(await textOf(card.getByTestId(`text-shipment-theirs-${tradeId}`))).toBe(
      'Ben Owens: not shipped yet',
    );
    await card.getByTestId(`button-add-tracking-${tradeId}`).click();
    const dialog = ava.getByTestId('dialog-tracking');
    await shown(dialog);
    await choose(ava, dialog.getByTestId('select-carrier'), 'DHL');
    await dialog.getByTestId('input-tracking-number').fill('JD 0146 0000 1234');
    await axeAtBothWidths(ava, '[data-testid="dialog-tracking"]');
    await dialog.getByTestId('button-save-tracking').click();
    await eventually(
      () => textOf(card.getByTestId(`text-shipment-mine-${tradeId}`)),
      'You: shipped with DHL · JD 0146 0000 1234 (track on DHL, opens in a new tab)',
    );

    await ben.goto('/profile?tab=barters');
    await ben.getByTestId('tab-barters-accepted').click();
    const theirs = ben.getByTestId(`text-shipment-theirs-${tradeId}`);
    await shown(theirs);
    const link = theirs.getByRole('link');
    expect(await link.getAttribute('href')).toContain('tracking-id=JD014600001234');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener nofollow');
    expect(await textOf(ben.getByTestId(`text-shipment-mine-${tradeId}`))).toBe('You: not shipped yet');
    await axeAtBothWidths(ben, `[data-testid="trade-${tradeId}"]`);
  });
});
