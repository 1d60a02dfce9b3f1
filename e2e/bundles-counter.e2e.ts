import type { Locator, Page } from 'playwright-core';
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
 * Ticks the item titled `title` in a group of item choices: each is a checkbox, visually hidden
 * inside a card showing the title, and the card is what a member clicks.
 */
async function tick(group: Locator, title: string, checked = true) {
  await group.getByText(title, { exact: true }).click();
  await eventually(() => group.getByRole('checkbox', { name: title }).isChecked(), checked);
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
    const detail = pageA.getByRole('dialog', { name: wanted.title });
    await shown(detail);
    await detail.getByRole('button', { name: 'Barter', exact: true }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Make a Barter Request' });
    await shown(dialog);
    const offered = dialog.getByRole('group', { name: /^Choose what to offer/ });
    for (const item of mine) await tick(offered, item.title);
    await tick(dialog.getByRole('group', { name: /^Ask for more of Ben's items/ }), alsoWanted.title);
    // $95 for $100: similar values.
    await shown(
      dialog
        .getByRole('region', { name: 'Value comparison' })
        .getByText('Great match! Values are similar', { exact: true }),
    );
    await picture(pageA, 'barter-bundle-1280');
    await expectToastFrom(
      pageA,
      () => dialog.getByRole('button', { name: 'Confirm Trade Request', exact: true }).click(),
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
    // The trade's card (a card has no name of its own).
    const card = pageB.getByTestId(`trade-${trade.id}`);
    await shown(card);
    const text = await textOf(card);
    for (const item of [wanted, alsoWanted, ...mine]) expect(text).toContain(item.title);
    await card.getByRole('button', { name: 'Counter', exact: true }).click();
    const dialog = pageB.getByRole('dialog', { name: 'Make a counter-offer' });
    await shown(dialog);
    // Ben owns the coats asked for: they are what he gives, both ticked to start with.
    const bensSide = dialog.getByRole('group', { name: /^You give/ });
    await shown(bensSide.getByText(alsoWanted.title, { exact: true }));
    await tick(bensSide, alsoWanted.title, false);
    await dialog
      .getByRole('textbox', { name: /^Message/ })
      .fill('The rain coat stays with me, the rest is a deal');
    await picture(pageB, 'counter-dialog-375');
    await expectToastFrom(
      pageB,
      () => dialog.getByRole('button', { name: 'Send counter-offer', exact: true }).click(),
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
    // The offer history opens from its summary; each version says whose it is, with its note.
    await card.getByText('Offer history (2 versions)', { exact: true }).click();
    const counterOffer = card.getByRole('listitem').filter({ hasText: 'Counter-offer 1 by Ben Counter' });
    await shown(counterOffer);
    expect(await textOf(counterOffer)).toContain('The rain coat stays with me');
    // Both of Ava's coats are still offered: each is a link to the item, named by its title.
    for (const item of mine) await shown(card.getByRole('link', { name: item.title }));
    await picture(pageA, 'trade-card-history-1280');
    await card.getByRole('button', { name: 'Accept counter-offer', exact: true }).click();
    // Accepting a bundle asks first, naming every item given and got.
    const confirm = pageA.getByRole('dialog', { name: 'Accept the swap with Ben Counter?' });
    await shown(confirm);
    const give = confirm.getByRole('list', { name: 'You give (2 items)', exact: true });
    for (const item of mine) await shown(give.getByText(item.title, { exact: true }));
    await shown(
      confirm
        .getByRole('list', { name: 'You get (1 item)', exact: true })
        .getByText(wanted.title, { exact: true }),
    );
    await expectToastFrom(
      pageA,
      () => confirm.getByRole('button', { name: 'Accept the swap', exact: true }).click(),
      'Barter request accepted!',
      'Ben Counter will be notified. Next, send them your items.',
    );
    // The next step is sending, on the trade's page; no shipping calculator pops up.
    await eventually(() => new URL(pageA.url()).pathname, `/trades/${trade.id}`);
    await shown(pageA.getByText(/^Send your items to Ben\b.* and mark them sent by /));
    expect(await pageA.getByRole('dialog', { name: 'Shipping Calculation' }).count()).toBe(0);
    const [accepted] = await getJson<TradeRequest[]>(pageA, '/api/trade-requests');
    expect(accepted).toMatchObject({ id: trade.id, status: 'accepted', offerVersion: 2 });
    expect(accepted?.requestedItems.map((item) => item.id)).toEqual([wanted.id]);
    const rain = await getJson<{ availability: string }>(pageA, `/api/items/${alsoWanted.id}`);
    expect(rain.availability).toBe('available');
  });
});
