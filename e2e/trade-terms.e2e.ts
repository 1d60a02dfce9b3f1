import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  type ApiItem,
  eventually,
  expectToastFrom,
  type Member,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import { listCoat, openTwoTraders } from './support/trading';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

/** Set SCREENSHOT_DIR to keep a picture of each screen of the journey for review. */
async function keep(page: Page, name: string, width: number) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/trade-terms-${name}-${width}.png`, fullPage: true });
}

/**
 * docs/product.md, Trades: a request keeps both items as they were; when the requester changes
 * their item while the request is pending, the owner is told, the card shows what changed, and
 * accepting means accepting the changed item: the dialog shows both versions, and a change landing
 * while it is open is refused rather than accepted unseen. Once accepted, the terms are fixed.
 */
describe.each(VIEWPORTS)('the terms of a trade at $width px', (viewport) => {
  let ownerPage: Page;
  let requesterPage: Page;
  let owner: Member;
  let wanted: ApiItem;
  let offered: ApiItem;
  let tradeId: string;

  beforeAll(async () => {
    const [ownerSide, requesterSide] = await openTwoTraders(
      { firstName: 'Nora', lastName: 'Lind', viewport },
      { firstName: 'Sam', lastName: 'Ortiz' },
    );
    ({ page: ownerPage, member: owner } = ownerSide);
    requesterPage = requesterSide.page;
    [wanted, offered] = await Promise.all([
      listCoat(ownerPage, {
        title: `${uniqueWord('Pc')} pea coat`,
        condition: 'like-new',
        brand: 'COS',
        estimatedValue: 8000,
      }),
      listCoat(requesterPage, {
        title: `${uniqueWord('Rj')} rain jacket`,
        condition: 'like-new',
        brand: 'Rains',
        estimatedValue: 7800,
      }),
    ]);
    const response = await requesterPage.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(response.status()).toBe(201);
    tradeId = ((await response.json()) as { id: string }).id;
  });

  const edit = async (changes: Record<string, unknown>) =>
    (await requesterPage.request.patch(`/api/items/${offered.id}`, { data: changes })).status();

  it('the owner is told of a change, and the card shows the request and what changed', async () => {
    expect(await edit({ condition: 'fair', estimatedValue: 5000 })).toBe(200);
    const notes = (await (await ownerPage.request.get('/api/notifications')).json()) as Array<{
      title: string;
    }>;
    expect(notes.filter((note) => note.title === 'An item in your barter request changed')).toHaveLength(1);

    await ownerPage.goto('/profile?tab=barters');
    // A trade's card has no accessible name of its own: found by its test id.
    const card = ownerPage.getByTestId(`trade-${tradeId}`);
    await shown(card);
    // The card shows the item as requested, and the change beside it (only the offered item changed).
    expect(await textOf(card)).toContain('$78.00 · Like New');
    const marker = card.getByRole('region', { name: 'Changed since the request' });
    await shown(marker);
    const changes = await textOf(marker);
    expect(changes).toContain(offered.title);
    expect(changes).toContain('Condition');
    expect(changes).toContain('Fair');
    expect(changes).toContain('$50.00');
    await keep(ownerPage, 'card', viewport.width);
    expect(await seriousViolations(ownerPage)).toEqual([]);
  });

  it('accepting opens both versions; a change while it is open is refused, then the new version is accepted', async () => {
    const card = ownerPage.getByTestId(`trade-${tradeId}`);
    await card.getByRole('button', { name: 'Accept Barter', exact: true }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Accept the changed item?' });
    await shown(dialog);
    const text = await textOf(dialog);
    expect(text).toContain('Accepting means accepting the item as it is now.');
    expect(text).toContain('When requested');
    expect(text).toContain('Now: what you accept');
    expect(text).toContain('$78.00 · Like New');
    expect(text).toContain('$50.00 · Fair');
    await keep(ownerPage, 'dialog', viewport.width);
    expect(await seriousViolations(ownerPage)).toEqual([]);

    // The requester changes the item again while the dialog is open.
    expect(await edit({ estimatedValue: 3000 })).toBe(200);
    await expectToastFrom(
      ownerPage,
      () => dialog.getByRole('button', { name: 'Accept as it is now' }).click(),
      'Failed to update barter request',
      'The item changed; review it again',
    );
    // The dialog now shows the latest version; accepting it goes through.
    await eventually(async () => (await textOf(dialog)).includes('$30.00 · Fair'), true);
    await expectToastFrom(
      ownerPage,
      () => dialog.getByRole('button', { name: 'Accept as it is now' }).click(),
      'Barter request accepted!',
      `Sam Ortiz will be notified. Next, send them your items.`,
    );
    expect(owner.id).toBeTruthy();
  });

  it('once accepted, the card shows the accepted terms and the items cannot change', async () => {
    // Accepting opens the trade's page, whose next step is sending the items.
    await shown(ownerPage.getByText(/^Send your items to Sam Ortiz and mark them sent by /));
    const card = ownerPage.getByTestId(`trade-${tradeId}`);
    await shown(card);
    expect(await textOf(card)).toContain('$30.00 · Fair');
    expect(await card.getByRole('region', { name: 'Changed since the request' }).count()).toBe(0);
    expect(await edit({ estimatedValue: 100 })).toBe(409);
    expect(await edit({ tags: ['rain'] })).toBe(200);
  });
});
