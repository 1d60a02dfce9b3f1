import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  choose,
  eventually,
  expectToastFrom,
  getJson,
  listItemViaApi,
  type Member,
  pngFiles,
  registerMember,
  shown,
  uniqueWord,
} from './support/journeys';
import { openTwoTraders } from './support/trading';
import type { TradeRequest } from '@common/api/trades';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function requestAndAccept(requester: Page, owner: Page, wanted: ApiItem, offered: ApiItem) {
  const created = await requester.request.post('/api/trade-requests', {
    data: { requestedItemId: wanted.id, offeredItemId: offered.id },
  });
  expect(created.status()).toBe(201);
  const trade = (await created.json()) as TradeRequest;
  const accepted = await owner.request.patch(`/api/trade-requests/${trade.id}`, {
    data: { status: 'accepted' },
  });
  expect(accepted.status()).toBe(200);
  return trade;
}

/**
 * A way out of every trade: one accepted trade is cancelled with a reason from its card; in
 * another, one party confirms receipt and the other, seeing the claim-window countdown, opens a
 * dispute with a photo. Profiles show each member's trading record. At phone and desktop widths.
 */
describe.each([
  { label: 'phone', viewport: { width: 375, height: 800 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
])('cancelling and disputing accepted trades ($label)', ({ label, viewport }) => {
  let pageA: Page;
  let pageB: Page;
  let ava: Member;
  let ben: Member;

  beforeAll(async () => {
    const [a, b] = await openTwoTraders(
      { firstName: 'Ava', lastName: 'Reyes', viewport },
      { firstName: 'Ben', lastName: 'Owens', viewport },
    );
    ({ page: pageA, member: ava } = a);
    ({ page: pageB, member: ben } = b);
  });

  it('either party cancels an accepted trade with a reason; the partner sees it', async () => {
    const word = uniqueWord();
    const wanted = await listItemViaApi(pageB, {
      title: `${word} Coat`,
      category: 'clothing',
      estimatedValue: 6000,
    });
    const offered = await listItemViaApi(pageA, {
      title: `${word} Boots`,
      category: 'shoes',
      estimatedValue: 5800,
    });
    const trade = await requestAndAccept(pageA, pageB, wanted, offered);

    await pageA.goto('/profile?tab=barters');
    await pageA.getByRole('tab', { name: /accepted/i }).click();
    // A trade card has no accessible name: it is found by its test id.
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    await card.getByRole('button', { name: 'Cancel trade', exact: true }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Cancel this trade?', exact: true });
    await shown(dialog);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('My boots got a torn sole, sorry!');
    await shot(pageA, `${label}-cancel-dialog`);
    await expectToastFrom(
      pageA,
      () => dialog.getByRole('button', { name: 'Cancel trade', exact: true }).click(),
      'Trade cancelled',
      'Ben Owens will be notified.',
    );

    await eventually(async () => {
      const [row] = (await getJson<TradeRequest[]>(pageB, '/api/trade-requests')).filter(
        (t) => t.id === trade.id,
      );
      return [row?.status, row?.cancelReason];
    }, ['cancelled', 'My boots got a torn sole, sorry!']);
    await pageB.goto('/profile?tab=barters');
    await shown(
      pageB
        .getByTestId(`trade-${trade.id}`)
        .getByText(`${ava.name} cancelled this trade: “My boots got a torn sole, sorry!”`, { exact: true }),
    );
  });

  it('after one receipt the other party sees the countdown and opens a dispute with a photo', async () => {
    const word = uniqueWord();
    const wanted = await listItemViaApi(pageB, {
      title: `${word} Scarf`,
      category: 'accessories',
      estimatedValue: 3000,
    });
    const offered = await listItemViaApi(pageA, {
      title: `${word} Hat`,
      category: 'accessories',
      estimatedValue: 2900,
    });
    const trade = await requestAndAccept(pageA, pageB, wanted, offered);
    expect((await pageB.request.post(`/api/trade-requests/${trade.id}/sent`, { data: {} })).status()).toBe(
      200,
    );
    expect(
      (
        await pageA.request.post(`/api/trade-requests/${trade.id}/received`, { data: { asDescribed: true } })
      ).status(),
    ).toBe(200);

    await pageB.goto('/profile?tab=barters');
    await pageB.getByRole('tab', { name: /accepted/i }).click();
    const card = pageB.getByTestId(`trade-${trade.id}`);
    await shown(
      card.getByText(
        /^You have (2 days 2\d hours|3 days 0 hours) left to mark your item received or open a dispute/,
      ),
    );
    await shot(pageB, `${label}-claim-countdown`);

    await card.getByRole('button', { name: 'Open a dispute', exact: true }).click();
    const dialog = pageB.getByRole('dialog', { name: 'Open a dispute', exact: true });
    await shown(dialog);
    await choose(pageB, dialog.getByRole('combobox', { name: 'What went wrong?' }), 'Arrived damaged');
    await dialog
      .getByRole('textbox', { name: 'What happened', exact: true })
      .fill('The hat arrived crushed.');
    const [file] = await pngFiles(1);
    await dialog.getByLabel('Add photos', { exact: true }).setInputFiles(file as string);
    await shown(dialog.getByRole('img', { name: 'Dispute photo 1' }));
    await shot(pageB, `${label}-dispute-dialog`);
    await expectToastFrom(
      pageB,
      () => dialog.getByRole('button', { name: 'Open dispute', exact: true }).click(),
      'Dispute opened',
      'The trade is on hold. A moderator will decide, and Ava Reyes and you will see their note.',
    );

    await shown(
      pageB
        .getByTestId(`trade-${trade.id}`)
        .getByText('You opened a dispute: arrived damaged', { exact: true }),
    );
    await shot(pageB, `${label}-disputed-card`);
    const [row] = (await getJson<TradeRequest[]>(pageA, '/api/trade-requests')).filter(
      (t) => t.id === trade.id,
    );
    expect(row).toMatchObject({ status: 'disputed', dispute: { reason: 'damaged' } });
    expect(row?.dispute?.photos).toHaveLength(1);
  });

  it('profiles show the trading record, or "New member"', async () => {
    await pageB.goto(`/profile?user=${ava.id}`);
    const record = pageB.getByRole('region', { name: 'Trading record', exact: true });
    await shown(record);
    expect(await record.textContent()).toContain('50%');
    await shot(pageB, `${label}-profile-record`);
    const newcomer = await openBrowser(viewport);
    const carl = await registerMember(newcomer.page, 'Carl');
    await listItemViaApi(newcomer.page, {
      title: `${uniqueWord()} Belt`,
      category: 'accessories',
      estimatedValue: 1000,
    });
    await pageA.goto(`/profile?user=${carl.id}`);
    // A member with no trade and no review yet: the profile says 'New member' instead of figures.
    await shown(pageA.getByText('New member', { exact: true }));
    expect(await pageA.getByRole('region', { name: 'Trading record', exact: true }).count()).toBe(0);
    expect(ben.id).toBeTruthy();
  });
});
