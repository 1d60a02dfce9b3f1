import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiItem,
  eventually,
  expectToastFrom,
  getJson,
  gone,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import { listCoat, openTwoTraders } from './support/trading';
import type { TradeRequest } from '@common/api/trades';

/** With SCREENSHOT_DIR set, the journey keeps a picture of each screen it changes. */
async function picture(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * Ava offers two of her items for two of Ben's (a bundle); Ben counters without his second coat;
 * Ava sees the offer history and accepts the counter-offer (docs/product.md § Bundles and
 * counter-offers). Ava browses at 1280 px, Ben on a 375 px phone.
 */
describe('a bundle offer, a counter-offer and its acceptance', () => {
  let pageA: Page;
  let pageB: Page;
  let wanted: ApiItem;
  let alsoWanted: ApiItem;
  let mine: ApiItem[];
  let trade: TradeRequest;

  beforeAll(async () => {
    const [a, b] = await openTwoTraders(
      { firstName: 'Ava', lastName: 'Bundle' },
      { firstName: 'Ben', lastName: 'Counter', viewport: { width: 375, height: 812 } },
    );
    ({ page: pageA } = a);
    ({ page: pageB } = b);
    wanted = await listCoat(pageB, {
      title: `${uniqueWord('Wc')} wool coat`,
      gender: 'women',
      condition: 'good',
      brand: 'COS',
      estimatedValue: 6000,
    });
    alsoWanted = await listCoat(pageB, {
      title: `${uniqueWord('Rc')} rain coat`,
      gender: 'women',
      condition: 'good',
      brand: 'Rains',
      estimatedValue: 4000,
    });
    mine = [
      await listCoat(pageA, {
        title: `${uniqueWord('Tc')} trench coat`,
        gender: 'women',
        condition: 'good',
        brand: 'Arket',
        estimatedValue: 5000,
      }),
      await listCoat(pageA, {
        title: `${uniqueWord('Pc')} puffer coat`,
        gender: 'women',
        condition: 'good',
        brand: 'Uniqlo',
        estimatedValue: 4500,
      }),
    ];
  });

  it('Ava asks for two of Ben’s coats, offering two of hers: the hint compares the totals', async () => {
    await pageA.goto(`/browse?highlight=${wanted.id}`);
    const detail = pageA.getByTestId('dialog-item-detail');
    await shown(detail);
    await detail.getByTestId('button-detail-barter').click();
    const dialog = pageA.getByTestId('dialog-barter');
    await shown(dialog);
    for (const item of mine) await dialog.getByTestId(`option-offered-item-${item.id}`).click();
    await dialog.getByTestId(`option-also-wanted-${alsoWanted.id}`).click();
    // $95 for $100: similar values.
    await eventually(() => textOf(dialog.getByTestId('text-value-hint')), 'Great match! Values are similar');
    await picture(pageA, 'barter-bundle-1280');
    await expectToastFrom(
      pageA,
      () => dialog.getByTestId('button-confirm-trade').click(),
      'Barter request sent!',
      `Your offer for “${wanted.title}” was sent to Ben.`,
    );
    await gone(dialog);
    const [sent] = await getJson<TradeRequest[]>(pageA, '/api/trade-requests');
    expect(sent?.requestedItems.map((item) => item.id)).toEqual([wanted.id, alsoWanted.id]);
    expect(sent?.offeredItems.map((item) => item.id)).toEqual(mine.map((item) => item.id));
    trade = sent as TradeRequest;
  });

  it('Ben sees every item of both sides and counters without his rain coat', async () => {
    await pageB.goto('/profile?tab=barters');
    const card = pageB.getByTestId(`trade-${trade.id}`);
    await shown(card);
    const text = await textOf(card);
    for (const item of [wanted, alsoWanted, ...mine]) expect(text).toContain(item.title);
    await card.getByTestId(`button-counter-${trade.id}`).click();
    const dialog = pageB.getByTestId('dialog-counter-offer');
    await shown(dialog);
    await shown(dialog.getByTestId(`option-counter-requested-${alsoWanted.id}`));
    await dialog.getByTestId(`option-counter-requested-${alsoWanted.id}`).click();
    await dialog.getByTestId('input-counter-message').fill('The rain coat stays with me, the rest is a deal');
    await picture(pageB, 'counter-dialog-375');
    await expectToastFrom(
      pageB,
      () => dialog.getByTestId('button-send-counter').click(),
      'Counter-offer sent',
      'Ava Bundle will be notified.',
    );
    await gone(dialog);
    await shown(card.getByText('Waiting for Ava Bundle to answer your counter-offer'));
    await picture(pageB, 'trade-card-countered-375');
  });

  it('Ava sees the history and accepts the counter-offer: every item is reserved', async () => {
    await pageA.goto('/profile?tab=barters');
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    const history = card.getByTestId(`offer-history-${trade.id}`);
    await shown(history);
    await history.locator('summary').click();
    await shown(card.getByTestId(`offer-version-${trade.id}-2`));
    expect(await textOf(card.getByTestId(`offer-version-${trade.id}-2`))).toContain(
      'The rain coat stays with me',
    );
    expect(await textOf(card.getByTestId(`trade-side-offered-${trade.id}`))).toContain(mine[1]?.title);
    await picture(pageA, 'trade-card-history-1280');
    await card.getByTestId(`button-accept-${trade.id}`).click();
    // Accepting a bundle asks first, naming every item given and got.
    const confirm = pageA.getByTestId('dialog-accept-confirm');
    await shown(confirm);
    expect(await textOf(confirm.getByTestId('list-accept-give'))).toContain(mine[1]?.title);
    await expectToastFrom(
      pageA,
      () => confirm.getByTestId('button-confirm-accept').click(),
      'Barter request accepted!',
      'Ben Counter will be notified. Next, send them your items.',
    );
    // The next step is sending, on the trade's page; no shipping calculator pops up.
    await eventually(() => new URL(pageA.url()).pathname, `/trades/${trade.id}`);
    await shown(pageA.getByTestId('text-next-step-send'));
    expect(await pageA.getByTestId('dialog-shipping').count()).toBe(0);
    const [accepted] = await getJson<TradeRequest[]>(pageA, '/api/trade-requests');
    expect(accepted).toMatchObject({ id: trade.id, status: 'accepted', offerVersion: 2 });
    expect(accepted?.requestedItems.map((item) => item.id)).toEqual([wanted.id]);
    const rain = await getJson<{ availability: string }>(pageA, `/api/items/${alsoWanted.id}`);
    expect(rain.availability).toBe('available');
  });
});
