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
    const card = away.getByRole('region', { name: 'Holiday mode', exact: true });
    await shown(card);
    const until = isoDay(12);
    await card.getByLabel('Back on', { exact: true }).fill(until);
    await card.getByRole('button', { name: 'Start holiday mode', exact: true }).click();
    await shown(
      card.getByText(`You are away until ${formatReturnDate(until)}. Your items are hidden.`, {
        exact: true,
      }),
    );
    await axeAtBothWidths(away, '[data-testid="card-holiday"]');

    expect(await itemTotal(other, { search: word })).toBe(0);
    await other.goto(`/profile?user=${maya.id}`);
    await shown(other.getByText(`Away until ${formatReturnDate(until)}`, { exact: true }));
    await other.goto(`/browse?highlight=${coat.id}`);
    const detail = other.getByRole('dialog', { name: coat.title });
    await shown(
      detail
        .getByRole('status')
        .getByText(`Maya is away until ${formatReturnDate(until)}: new barter requests open again then.`, {
          exact: true,
        }),
    );
    expect(await detail.getByRole('button', { name: 'Barter', exact: true }).count()).toBe(0);

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
    const card = away.getByRole('region', { name: 'Holiday mode', exact: true });
    await card.getByRole('button', { name: 'End holiday mode', exact: true }).click();
    await eventually(() => card.getByText(/^You are away until /).count(), 0);
    await shown(card.getByRole('button', { name: 'Start holiday mode', exact: true }));
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
    const detail = visitor.getByRole('dialog', { name: target.title });
    const row = detail.getByRole('region', { name: 'Similar items', exact: true });
    await shown(row);
    // The twin shares the target's title, and the row never shows the item it is under: the one
    // link with that title is the twin's.
    const card = row.getByRole('listitem').filter({ has: visitor.getByRole('link', { name: twin.title }) });
    await shown(card);
    expect(await card.count()).toBe(1);
    expect(await textOf(card.getByRole('list', { name: 'Why it is similar' }))).toContain('same brand');
    await axeAtBothWidths(visitor, '[role="dialog"]');
    await card.getByRole('link').click();
    await expectLocation(visitor, '/browse', { highlight: twin.id });
    await shown(visitor.getByRole('dialog', { name: twin.title }).getByRole('heading', { name: twin.title }));
  });

  it('a withdrawn item shows similar items in its place instead of a dead end', async () => {
    const removed = await seller.request.delete(`/api/items/${target.id}`);
    expect(removed.status()).toBe(204);
    await visitor.goto(`/browse?highlight=${target.id}`);
    const detail = visitor.getByRole('dialog');
    await shown(detail.getByText('This item is no longer available'));
    const row = detail.getByRole('region', { name: 'Similar items you can still get', exact: true });
    await shown(row.getByRole('link', { name: twin.title }));
    await axeAtBothWidths(visitor, '[role="dialog"]');
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
    await ava.getByRole('tab', { name: /^Accepted \(/ }).click();
    // A trade card has no name of its own: it keeps its test id.
    const card = ava.getByTestId(`trade-${tradeId}`);
    await shown(card);
    const avaLines = card.getByRole('list', { name: 'Shipping', exact: true }).getByRole('listitem');
    const avaMine = avaLines.filter({ hasText: /^You:/ });
    expect(await textOf(avaMine)).toBe('You: not shipped yet');
    expect(await textOf(avaLines.filter({ hasText: /^Ben Owens:/ }))).toBe('Ben Owens: not shipped yet');
    await card.getByRole('button', { name: 'Add tracking', exact: true }).click();
    const dialog = ava.getByRole('dialog', { name: 'Add tracking', exact: true });
    await shown(dialog);
    await choose(ava, dialog.getByRole('combobox', { name: 'Carrier', exact: true }), 'DHL');
    await dialog.getByLabel('Tracking number', { exact: true }).fill('JD 0146 0000 1234');
    await axeAtBothWidths(ava, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Save tracking', exact: true }).click();
    await eventually(
      () => textOf(avaMine),
      'You: shipped with DHL · JD 0146 0000 1234 (track on DHL, opens in a new tab)',
    );

    await ben.goto('/profile?tab=barters');
    await ben.getByRole('tab', { name: /^Accepted \(/ }).click();
    const benCard = ben.getByTestId(`trade-${tradeId}`);
    const benLines = benCard.getByRole('list', { name: 'Shipping', exact: true }).getByRole('listitem');
    const theirs = benLines.filter({ hasText: /^Ava Reyes:/ });
    await shown(theirs);
    const link = theirs.getByRole('link');
    expect(await link.getAttribute('href')).toContain('tracking-id=JD014600001234');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener nofollow');
    expect(await textOf(benLines.filter({ hasText: /^You:/ }))).toBe('You: not shipped yet');
    await axeAtBothWidths(ben, `[data-testid="trade-${tradeId}"]`);
  });
});
