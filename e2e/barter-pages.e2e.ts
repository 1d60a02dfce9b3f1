import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiItem, listItemViaApi, shown, uniqueWord } from './support/journeys';
import { openTwoTraders } from './support/trading';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Barter Management reads each list a page at a time: a member with 21 pending requests sees the
 * newest 20, the tab's count of all 21 (from the server), and the oldest after "Show more"; the home
 * dashboard counts them too.
 */
describe.each([
  { label: 'phone', viewport: { width: 375, height: 800 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
])('a long list of barter requests ($label)', ({ label, viewport }) => {
  let owner: Page;
  let requester: Page;
  const ids: string[] = [];

  beforeAll(async () => {
    const [a, b] = await openTwoTraders(
      { firstName: 'Ava', lastName: 'Reyes', viewport },
      { firstName: 'Ben', lastName: 'Owens', viewport },
    );
    owner = a.page;
    requester = b.page;
    const word = uniqueWord();
    const wanted: ApiItem[] = [];
    for (let i = 0; i < 3; i += 1)
      wanted.push(
        await listItemViaApi(owner, {
          title: `${word} Coat ${i}`,
          category: 'clothing',
          estimatedValue: 5000,
        }),
      );
    const offered: ApiItem[] = [];
    for (let i = 0; i < 7; i += 1)
      offered.push(
        await listItemViaApi(requester, {
          title: `${word} Scarf ${i}`,
          category: 'accessories',
          estimatedValue: 4800,
        }),
      );
    // 21 pending requests, each a different pair of items; the first is the oldest.
    for (const give of offered)
      for (const take of wanted) {
        const created = await requester.request.post('/api/trade-requests', {
          data: { requestedItemId: take.id, offeredItemId: give.id },
        });
        expect(created.status()).toBe(201);
        ids.push(((await created.json()) as { id: string }).id);
      }
  }, 240_000);

  it('shows the newest 20, the count of all 21, and the oldest after "Show more"', async () => {
    await owner.goto('/profile?tab=barters');
    const tab = owner.getByRole('tab', { name: /^Pending \(/ });
    await shown(tab);
    expect(await tab.textContent()).toContain('(21)');
    const list = owner.getByRole('tabpanel', { name: /^Pending \(/ }).getByRole('list');
    // A trade card has no accessible name of its own (it shows two items, a member and a status):
    // it is found by its test id, which carries the trade's id.
    const card = (id: string | undefined) => owner.getByTestId(`trade-${id}`);
    await shown(list.getByTestId(`trade-${ids[20]}`));
    expect(await list.locator(':scope > li').count()).toBe(20);
    expect(await card(ids[0]).count()).toBe(0);
    const more = owner.getByRole('button', { name: 'Show more barter requests' });
    await more.scrollIntoViewIfNeeded();
    await shot(owner, `${label}-barters-first-page`);
    await more.click();
    await shown(card(ids[0]));
    expect(await list.locator(':scope > li').count()).toBe(21);
    expect(await more.count()).toBe(0);

    await owner.goto('/');
    // The dashboard's count of pending requests: a link named for its label and its count.
    await shown(
      owner
        .getByRole('region', { name: 'Your Dashboard', exact: true })
        .getByRole('link', { name: /^Pending Requests\s*21$/ }),
    );
    await shot(owner, `${label}-dashboard`);
  });
});
