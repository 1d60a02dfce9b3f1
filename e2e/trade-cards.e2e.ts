import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settle } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  expectLocation,
  getJson,
  gone,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import type { TradeRequest } from '@common/api/trades';

/**
 * Trades one can inspect (docs/product.md § Trades): on a trade card both items open their detail
 * view and show size and condition, 'Message' opens the conversation about the trade, and an
 * item promised in an accepted trade offers no Barter any more.
 */
describe('trade cards lead to the items and the conversation', () => {
  let pageA: Page;
  let pageB: Page;
  let ben: Member;
  let wanted: ApiItem;
  let offered: ApiItem;
  let trade: TradeRequest;

  beforeAll(async () => {
    pageA = (await openBrowser()).page;
    pageB = (await openBrowser()).page;
    [, ben] = await Promise.all([
      registerMember(pageA, 'Ava', 'Reyes'),
      registerMember(pageB, 'Ben', 'Owens'),
    ]);
    [wanted, offered] = await Promise.all([
      listItemViaApi(pageB, {
        title: `${uniqueWord('Kc')} wool coat`,
        category: 'clothing',
        gender: 'women',
        condition: 'like-new',
        brand: 'COS',
        size: 'M',
        estimatedValue: 8000,
      }),
      listItemViaApi(pageA, {
        title: `${uniqueWord('Kt')} trench coat`,
        category: 'clothing',
        gender: 'women',
        condition: 'good',
        brand: 'Arket',
        size: 'L',
        estimatedValue: 7600,
      }),
    ]);
    const response = await pageA.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(response.status(), await response.text()).toBe(201);
    [trade] = (await getJson<TradeRequest[]>(pageA, '/api/trade-requests')) as [TradeRequest];
  });

  it('the card shows both items with size and condition, each opening its detail view', async () => {
    await pageA.goto('/profile?tab=barters');
    // A trade card has no accessible name of its own: it is found by its test id.
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    // Each item is a link named by all it shows: whose, title, value, condition and size.
    const offeredLink = card.getByRole('link', { name: offered.title });
    const wantedLink = card.getByRole('link', { name: wanted.title });
    await shown(offeredLink.getByText('Size L', { exact: true }));
    await shown(wantedLink.getByText('Size M', { exact: true }));
    expect(await textOf(wantedLink)).toContain('Like New');
    await settle(pageA);
    expect(await seriousViolations(pageA)).toEqual([]);

    await wantedLink.click();
    await expectLocation(pageA, '/browse', { highlight: wanted.id });
    const detail = pageA.getByRole('dialog', { name: wanted.title, exact: true });
    await shown(detail);
    await shown(detail.getByRole('heading', { name: wanted.title, exact: true }));
    await pageA.keyboard.press('Escape');
    await gone(detail);
  });

  it("'Message' on the card opens the conversation with the partner about the trade", async () => {
    await pageA.goto('/profile?tab=barters');
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    await card.getByRole('button', { name: `Message ${ben.name} about this trade`, exact: true }).click();
    // The conversation is named after the partner and links the item the trade is about.
    const chat = pageA.getByRole('dialog', { name: ben.publicName, exact: true });
    await shown(chat);
    await shown(chat.getByRole('heading', { name: ben.publicName, exact: true }));
    await shown(chat.getByRole('link', { name: wanted.title, exact: true }));
  });

  it('once B accepts, the reserved item offers no Barter to anyone', async () => {
    const response = await pageB.request.patch(`/api/trade-requests/${trade.id}`, {
      data: { status: 'accepted', termsVersion: trade.termsVersion },
    });
    expect(response.status(), await response.text()).toBe(200);

    const visitor = (await openBrowser()).page;
    for (const page of [pageA, visitor]) {
      await page.goto(`/browse?highlight=${wanted.id}`);
      const detail = page.getByRole('dialog', { name: wanted.title, exact: true });
      await shown(detail);
      await shown(detail.getByText('This item is reserved for an accepted swap and takes no offers.'));
      expect(await detail.getByRole('button', { name: 'Barter', exact: true }).count()).toBe(0);
    }
  });
});
