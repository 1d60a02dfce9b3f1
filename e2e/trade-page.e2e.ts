import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TradeRequest } from '@common/api/trades';
import { seriousViolations } from './support/axe';
import { baseURL } from './support/browser';
import {
  expectLocation,
  getJson,
  gone,
  listItemViaApi,
  type Member,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import { openTwoTraders } from './support/trading';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Every trade has its own page. A notification about a request opens it (on a phone too), and
 * Back returns to the page the member was on; once accepted, each side marks its items sent, and
 * receipt goes through "Is everything as described?". Axe-clean at both widths.
 */
describe.each([
  { label: 'phone', viewport: { width: 375, height: 800 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
])('the trade page ($label)', ({ label, viewport }) => {
  let pageA: Page;
  let pageB: Page;
  let ava: Member;
  let trade: TradeRequest;

  beforeAll(async () => {
    const [a, b] = await openTwoTraders(
      { firstName: 'Ava', lastName: 'Page', viewport },
      { firstName: 'Ben', lastName: 'Page', viewport },
    );
    ({ page: pageA, member: ava } = a);
    pageB = b.page;
  });

  it('a notification about a request opens its trade page, and Back returns to the page before', async () => {
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
    const created = await pageA.request.post('/api/trade-requests', {
      data: { requestedItemId: wanted.id, offeredItemId: offered.id },
    });
    expect(created.status()).toBe(201);
    trade = (await created.json()) as TradeRequest;

    await pageB.goto('/browse');
    await pageB.getByTestId('button-notifications').click();
    const popover = pageB.getByTestId('popover-notifications');
    const [note] = await getJson<Array<{ id: string; link: string }>>(pageB, '/api/notifications');
    expect(note?.link).toBe(`/trades/${trade.id}`);
    await popover.getByTestId(`notification-${note?.id}`).click();
    await expectLocation(pageB, `/trades/${trade.id}`);
    await shown(pageB.getByTestId('text-next-step-answer'));
    expect(await textOf(pageB.getByRole('heading', { level: 1 }))).toBe(`Swap with ${ava.name}`);
    await shot(pageB, `trade-page-pending-${label}`);
    expect(await textOf(pageB.getByTestId(`trade-${trade.id}`))).toContain(offered.title);
    await shown(pageB.getByTestId('history-requested'));
    expect(await seriousViolations(pageB)).toEqual([]);
    await shot(pageB, `trade-page-pending-${label}`);

    await pageB.goBack();
    await expectLocation(pageB, '/browse');
  });

  it('a visitor who opens the link is asked to sign in', async () => {
    const visitor = await pageA.context().browser()?.newContext({ viewport });
    const page = await visitor?.newPage();
    if (!page) throw new Error('no page');
    await page.goto(new URL(`/trades/${trade.id}`, baseURL()).toString());
    await shown(page.getByTestId('page-sign-in-prompt'));
    await visitor?.close();
  });

  it('after acceptance, each side sends; receipt asks "Is everything as described?"', async () => {
    await pageB.goto(`/trades/${trade.id}`);
    await pageB.getByTestId(`button-accept-${trade.id}`).click();
    await shown(pageB.getByTestId('dialog-accept-confirm'));
    expect(await seriousViolations(pageB, '[role="dialog"]')).toEqual([]);
    await pageB.getByTestId('button-confirm-accept').click();
    await shown(pageB.getByTestId('text-next-step-send'));
    expect(await pageB.getByTestId(`button-mark-received-${trade.id}`).count()).toBe(0);
    await pageB.getByTestId(`button-mark-sent-${trade.id}`).click();
    await shown(pageB.getByTestId('text-next-step-waitForPartnerToSend'));

    await pageA.goto(`/trades/${trade.id}`);
    await shown(pageA.getByTestId('text-next-step-send'));
    // B sent: A may confirm receipt, but sending is still A's main step.
    await shown(pageA.getByTestId(`button-mark-received-${trade.id}`));
    await pageA.getByTestId(`button-mark-sent-${trade.id}`).click();
    await shown(pageA.getByTestId('text-next-step-checkAndConfirm'));
    await shot(pageA, `trade-page-accepted-${label}`);
    expect(await seriousViolations(pageA)).toEqual([]);

    await pageA.getByTestId(`button-mark-received-${trade.id}`).click();
    const ask = pageA.getByTestId('dialog-receive');
    await shown(ask.getByRole('heading', { name: 'Is everything as described?' }));
    expect(await seriousViolations(pageA, '[role="dialog"]')).toEqual([]);
    // "No" opens the dispute form instead of confirming anything.
    await ask.getByTestId('button-receive-not-as-described').click();
    const dispute = pageA.getByTestId('dialog-dispute');
    await shown(dispute);
    await pageA.keyboard.press('Escape');
    await gone(dispute);
    expect((await getJson<TradeRequest>(pageA, `/api/trade-requests/${trade.id}`)).requesterReceived).toBe(
      false,
    );

    await pageA.getByTestId(`button-mark-received-${trade.id}`).click();
    await pageA.getByTestId('button-receive-as-described').click();
    await shown(pageA.getByTestId('text-next-step-waitForPartnerToConfirm'));
    await shown(pageA.getByTestId('history-received'));
  });
});
