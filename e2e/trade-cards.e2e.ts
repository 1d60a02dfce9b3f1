import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settle } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
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
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    expect(await textOf(card.getByTestId(`text-trade-item-size-${offered.id}`))).toBe('Size L');
    expect(await textOf(card.getByTestId(`text-trade-item-size-${wanted.id}`))).toBe('Size M');
    const wantedLink = card.getByTestId(`link-trade-item-${wanted.id}`);
    expect(await textOf(wantedLink)).toContain('Like New');
    await settle(pageA);
    expect(await seriousViolations(pageA)).toEqual([]);

    await wantedLink.click();
    await expectLocation(pageA, '/browse', { highlight: wanted.id });
    const detail = pageA.getByTestId('dialog-item-detail');
    await shown(detail);
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), wanted.title);
    await pageA.keyboard.press('Escape');
    await gone(detail);
  });

  it("'Message' on the card opens the conversation with the partner about the trade", async () => {
    await pageA.goto('/profile?tab=barters');
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    await card.getByTestId(`button-message-trade-${trade.id}`).click();
    const chat = pageA.getByTestId('dialog-chat');
    await shown(chat);
    await eventually(() => textOf(chat.getByTestId('text-chat-participant')), ben.publicName);
    await eventually(() => textOf(chat.getByTestId('text-chat-item')), wanted.title);
  });

  it('once B accepts, the reserved item offers no Barter to anyone', async () => {
    const response = await pageB.request.patch(`/api/trade-requests/${trade.id}`, {
      data: { status: 'accepted', termsVersion: trade.termsVersion },
    });
    expect(response.status(), await response.text()).toBe(200);

    const visitor = (await openBrowser()).page;
    for (const page of [pageA, visitor]) {
      await page.goto(`/browse?highlight=${wanted.id}`);
      const detail = page.getByTestId('dialog-item-detail');
      await shown(detail);
      await shown(detail.getByTestId('text-detail-not-offerable'));
      expect(await detail.getByTestId('button-detail-barter').count()).toBe(0);
    }
  });
});
