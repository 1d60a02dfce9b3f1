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

/** The trade page's history, oldest first. */
const history = (page: Page) => page.getByRole('region', { name: 'History', exact: true });
/** The trade's "I sent my items" and "I received it" buttons. */
const sentButton = (page: Page) => page.getByRole('button', { name: 'I sent my items', exact: true });
const receivedButton = (page: Page) => page.getByRole('button', { name: 'I received it', exact: true });

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
  let ben: Member;
  let trade: TradeRequest;

  beforeAll(async () => {
    const [a, b] = await openTwoTraders(
      { firstName: 'Ava', lastName: 'Page', viewport },
      { firstName: 'Ben', lastName: 'Page', viewport },
    );
    ({ page: pageA, member: ava } = a);
    ({ page: pageB, member: ben } = b);
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
    await pageB.getByRole('button', { name: /^Notifications/ }).click();
    const popover = pageB.getByRole('dialog', { name: 'Notifications' });
    const [note] = await getJson<Array<{ id: string; link: string }>>(pageB, '/api/notifications');
    expect(note?.link).toBe(`/trades/${trade.id}`);
    await popover
      .getByRole('button', { name: 'New barter request' })
      .filter({ hasText: wanted.title })
      .click();
    await expectLocation(pageB, `/trades/${trade.id}`);
    await shown(
      pageB.getByText(`${ava.name} is waiting for your answer: accept, make a counter-offer or decline.`),
    );
    expect(await textOf(pageB.getByRole('heading', { level: 1 }))).toBe(`Swap with ${ava.name}`);
    await shot(pageB, `trade-page-pending-${label}`);
    expect(await textOf(pageB.getByTestId(`trade-${trade.id}`))).toContain(offered.title);
    await shown(history(pageB).getByText(`${ava.name} sent the request`, { exact: true }));
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
    await shown(page.getByRole('heading', { name: 'Sign in to see this swap', level: 1 }));
    await visitor?.close();
  });

  it('after acceptance, each side sends; receipt asks "Is everything as described?"', async () => {
    await pageB.goto(`/trades/${trade.id}`);
    await pageB.getByRole('button', { name: 'Accept Barter', exact: true }).click();
    const accept = pageB.getByRole('dialog', { name: `Accept the swap with ${ava.name}?` });
    await shown(accept);
    expect(await seriousViolations(pageB, '[role="dialog"]')).toEqual([]);
    await accept.getByRole('button', { name: 'Accept the swap', exact: true }).click();
    await shown(pageB.getByText(`Send your items to ${ava.name} and mark them sent by `));
    expect(await receivedButton(pageB).count()).toBe(0);
    await sentButton(pageB).click();
    await shown(pageB.getByText(`Waiting for ${ava.name} to send their items.`));

    await pageA.goto(`/trades/${trade.id}`);
    await shown(pageA.getByText(`Send your items to ${ben.name} and mark them sent by `));
    // B sent: A may confirm receipt, but sending is still A's main step.
    await shown(receivedButton(pageA));
    await sentButton(pageA).click();
    await shown(pageA.getByText(`Check what ${ben.name} sent you.`));
    await shot(pageA, `trade-page-accepted-${label}`);
    expect(await seriousViolations(pageA)).toEqual([]);

    await receivedButton(pageA).click();
    const ask = pageA.getByRole('dialog', { name: 'Is everything as described?' });
    await shown(ask.getByRole('heading', { name: 'Is everything as described?' }));
    expect(await seriousViolations(pageA, '[role="dialog"]')).toEqual([]);
    // "No" opens the dispute form instead of confirming anything.
    await ask.getByRole('button', { name: 'No, report a problem' }).click();
    const dispute = pageA.getByRole('dialog', { name: 'Open a dispute' });
    await shown(dispute);
    await pageA.keyboard.press('Escape');
    await gone(dispute);
    expect((await getJson<TradeRequest>(pageA, `/api/trade-requests/${trade.id}`)).requesterReceived).toBe(
      false,
    );

    await receivedButton(pageA).click();
    await pageA
      .getByRole('dialog', { name: 'Is everything as described?' })
      .getByRole('button', { name: 'Yes, everything is as described' })
      .click();
    await shown(pageA.getByText(`You confirmed receipt. Waiting for ${ben.name} to confirm theirs.`));
    await shown(history(pageA).getByText('You confirmed receipt', { exact: true }));
  });
});
