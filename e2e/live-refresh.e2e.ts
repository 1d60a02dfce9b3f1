import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  getJson,
  listItemViaApi,
  type Member,
  registerMember,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import type { TradeRequest } from '@common/api/trades';

/**
 * Lists stay live (docs/product.md § Notifications): two members, each with two pages open, and
 * NO reloads. Every change the other member makes shows on every open page of this one, and a
 * list left in the cache (a page navigated away from) is fresh when navigated back to.
 */

/** Puts a marker on the page's window; `expectNoReload` fails if the page was reloaded since. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload = true;
  });
}

async function expectNoReload(...pages: Page[]): Promise<void> {
  for (const page of pages) {
    expect(
      await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload === true),
      'the page was reloaded',
    ).toBe(true);
  }
}

/** In-app navigation, as a link click does it (history.pushState; the router follows), no reload. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
  }, path);
}

/** The window regains focus (the member comes back to this tab or window). */
async function focus(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

/** The bell's unread count as its name says it ('Notifications, 2 unread'; 0 for 'Notifications'). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/^Notifications, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/** The home page's dashboard count headed `label` (e.g. 'Pending Requests'), as its link shows it. */
async function dashboardCount(page: Page, label: string): Promise<string> {
  const link = page
    .getByRole('region', { name: 'Your Dashboard', exact: true })
    .getByRole('link', { name: new RegExp(`^${label}`) });
  return (await textOf(link)).slice(label.length);
}

/** The barter board's tab for `status` ('Pending', 'Accepted', 'Completed'), named with its count. */
function boardTab(page: Page, status: string) {
  return page.getByRole('tab', { name: new RegExp(`^${status} \\(`) });
}

async function post(page: Page, path: string, data: unknown, status = 201): Promise<unknown> {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(status);
  return response.status() === 204 ? null : ((await response.json()) as unknown);
}

describe('every open page follows the other member live, without reloads', () => {
  // A: Ava (barter board, home). B: Ben (barter board, home).
  let boardA: Page;
  let homeA: Page;
  let boardB: Page;
  let homeB: Page;
  let ava: Member;
  let ben: Member;
  let wanted: ApiItem;
  let offered: ApiItem;
  let trade: TradeRequest;
  let match: ApiItem;
  const wish = uniqueWord('Lw');

  beforeAll(async () => {
    const a = await openBrowser();
    const b = await openBrowser();
    boardA = a.page;
    boardB = b.page;
    [ava, ben] = await Promise.all([
      registerMember(boardA, 'Ava', 'Reyes'),
      registerMember(boardB, 'Ben', 'Owens'),
    ]);
    homeA = await a.context.newPage();
    homeB = await b.context.newPage();
    [wanted, offered] = await Promise.all([
      listItemViaApi(boardB, {
        title: `${uniqueWord('Lc')} wool coat`,
        category: 'clothing',
        gender: 'women',
        style: 'Outerwear',
        condition: 'like-new',
        brand: 'COS',
        size: 'M',
        estimatedValue: 8000,
      }),
      listItemViaApi(boardA, {
        title: `${uniqueWord('Lt')} trench coat`,
        category: 'clothing',
        gender: 'women',
        style: 'Outerwear',
        condition: 'good',
        brand: 'Arket',
        size: 'M',
        estimatedValue: 7600,
      }),
    ]);
    await post(boardB, '/api/wishlist', { title: wish, category: 'clothing' });
  });

  it('each member opens the barter board and the home page', async () => {
    await Promise.all([
      boardA.goto('/profile?tab=barters'),
      boardB.goto('/profile?tab=barters'),
      homeA.goto('/'),
      homeB.goto('/'),
    ]);
    for (const page of [boardA, boardB]) {
      await eventually(() => textOf(boardTab(page, 'Pending')), 'Pending (0)');
    }
    for (const page of [homeA, homeB]) {
      await eventually(() => dashboardCount(page, 'Pending Requests'), '0');
    }
    // B's home page visits the wishlist and the network once, so both are cached when B navigates away.
    await navigate(homeB, '/wishlist');
    await shown(homeB.getByRole('heading', { level: 1, name: 'My Wishlist', exact: true }));
    await navigate(homeB, '/social?tab=network');
    await shown(homeB.getByRole('tab', { name: 'My Network' }));
    await navigate(homeB, '/');
    await eventually(() => dashboardCount(homeB, 'Pending Requests'), '0');
    await Promise.all([boardA, boardB, homeA, homeB].map(markPage));
  });

  it("A's request shows at once on B's board (Pending and Received) and B's home count", async () => {
    await post(boardA, '/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: offered.id,
      message: 'Swap?',
    });
    [trade] = (await getJson<TradeRequest[]>(boardA, '/api/trade-requests')).filter(
      (entry) => entry.requestedItemId === wanted.id,
    ) as [TradeRequest];

    await eventually(() => textOf(boardTab(boardB, 'Pending')), 'Pending (1)');
    // A trade card has no name of its own: it keeps its test id.
    const card = boardB.getByTestId(`trade-${trade.id}`);
    await shown(card);
    expect(await textOf(card)).toContain(`Offer from ${ava.name}`);
    await eventually(() => dashboardCount(homeB, 'Pending Requests'), '1');
    await eventually(() => bellCount(homeB), 1);
    await expectNoReload(boardB, homeB);
  });

  it("B accepts on the board: A's board and home follow", async () => {
    const card = boardB.getByTestId(`trade-${trade.id}`);
    await card.getByRole('button', { name: 'Accept Barter', exact: true }).click();
    await boardB
      .getByRole('dialog', { name: /^Accept the swap with / })
      .getByRole('button', { name: 'Accept the swap', exact: true })
      .click();
    // Accepting opens the trade's page (its next step: sending); Back returns to the board.
    await eventually(() => new URL(boardB.url()).pathname, `/trades/${trade.id}`);
    await boardB.goBack();
    await eventually(() => new URL(boardB.url()).pathname, '/profile');

    await eventually(() => textOf(boardTab(boardA, 'Accepted')), 'Accepted (1)');
    expect(await textOf(boardTab(boardA, 'Pending'))).toBe('Pending (0)');
    // B's own answer pushes nothing to B: B's other page catches up when B turns to it (focus).
    await focus(homeB);
    await eventually(() => dashboardCount(homeB, 'Pending Requests'), '0');
    await expectNoReload(boardA, boardB, homeB);
  });

  it("both confirm receipt: the partner's receipt state, then Completed on every page", async () => {
    await post(boardA, `/api/trade-requests/${trade.id}/sent`, {}, 200);
    await post(boardB, `/api/trade-requests/${trade.id}/sent`, {}, 200);
    await post(boardB, `/api/trade-requests/${trade.id}/received`, { asDescribed: true }, 200);
    await boardTab(boardA, 'Accepted').click();
    const card = boardA.getByTestId(`trade-${trade.id}`);
    await eventually(
      () => textOf(card.getByRole('list', { name: 'Receipt confirmations' })),
      `You: not received yet${ben.name}: received`,
    );

    await card.getByRole('button', { name: 'I received it', exact: true }).click();
    await boardA
      .getByRole('dialog', { name: 'Is everything as described?' })
      .getByRole('button', { name: 'Yes, everything is as described', exact: true })
      .click();
    await eventually(() => textOf(boardTab(boardA, 'Completed')), 'Completed (1)');
    await eventually(() => textOf(boardTab(boardB, 'Completed')), 'Completed (1)');
    await eventually(() => dashboardCount(homeB, 'Completed Trades'), '1');
    await eventually(() => dashboardCount(homeA, 'Completed Trades'), '1');
    await expectNoReload(boardA, boardB, homeA, homeB);
  });

  it("a friend request from A is on B's network page when B navigates back to it", async () => {
    const before = await bellCount(homeB);
    await post(boardA, '/api/social/connect', { friendId: ben.id }, 201);
    await eventually(() => bellCount(homeB), before + 1);
    await navigate(homeB, '/social?tab=network');
    await shown(
      homeB.getByRole('button', { name: `Accept friend request from ${ava.firstName}`, exact: false }),
    );
    await navigate(homeB, '/');
    await expectNoReload(homeB);
  });

  it("an item A lists that matches B's wishlist is in B's matches card when B goes back to it", async () => {
    const before = await bellCount(homeB);
    match = await listItemViaApi(boardA, {
      title: `${wish} linen shirt`,
      category: 'clothing',
      gender: 'women',
      condition: 'good',
      brand: 'Toast',
      size: 'M',
      estimatedValue: 3000,
    });
    await eventually(() => bellCount(homeB), before + 1);
    await navigate(homeB, '/wishlist');
    await shown(homeB.getByRole('link', { name: match.title }));
    await navigate(homeB, '/');
    await expectNoReload(homeB);
  });

  it("B's own lists refetch when the window regains focus (a change made elsewhere pushes nothing)", async () => {
    await eventually(() => dashboardCount(homeB, 'Favourites'), '0');
    // B favourites A's shirt from another page: nothing is pushed for one's own changes.
    await post(boardB, '/api/favorites', { itemId: match.id }, 201);
    await focus(homeB);
    await eventually(() => dashboardCount(homeB, 'Favourites'), '1');
    await expectNoReload(homeB);
  });
});
