import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
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
  WAIT_MS,
} from './support/journeys';
import { expectNewToast } from './support/ui';
import type { Network } from '@common/api/social';

/**
 * The social network (docs/product.md § Social, and 'Connection sent!' in § Texts the code relies on). Two members with the same taste find each other in
 * Recommendations, connect, and become friends; the Activity tab tells of it.
 */

/** Sets the member's preferred categories and sizes (PATCH /api/users/preferences). */
async function setPreferences(page: Page): Promise<void> {
  const response = await page.request.patch('/api/users/preferences', {
    data: { preferredCategories: ['Shoes'], preferredSizes: { Shoes: ['8'] } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Lists `count` pairs of shoes of `brand` in size 8 (what the other member prefers). */
async function listShoes(page: Page, brand: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await listItemViaApi(page, {
      title: `${uniqueWord('Sx')} ${brand} sneakers`,
      category: 'shoes',
      style: null,
      condition: 'good',
      brand,
      size: '8',
      estimatedValue: 6000 + index * 500,
    });
  }
}

/** The texts of the rows whose data-testid starts with `prefix`, inside `scope`. */
async function rowTexts(scope: Locator, prefix: string): Promise<string[]> {
  return scope
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** A pattern for text that contains `text` (taken literally). */
function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

async function expectActiveTab(
  page: Page,
  tab: 'recommendations' | 'style' | 'activity' | 'network',
): Promise<void> {
  const trigger = page.getByTestId(`tab-social-${tab}`);
  await shown(trigger);
  await eventually(() => trigger.getAttribute('aria-selected'), 'true');
}

describe('two members with the same taste connect on the social page', () => {
  let pageA: Page;
  let pageB: Page;
  let sofia: Member;
  let theo: Member;
  let requestId: string;

  beforeAll(async () => {
    ({ page: pageA } = await openBrowser());
    ({ page: pageB } = await openBrowser());
    [sofia, theo] = await Promise.all([
      registerMember(pageA, 'Sofia', 'Marsh'),
      registerMember(pageB, 'Theo', 'Lind'),
    ]);
    // Same preferred category and size, a brand no one else lists, and shoes each wants: B is
    // A's best match by far (style and trading potential both full).
    const brand = uniqueWord('Brand');
    await Promise.all([setPreferences(pageA), setPreferences(pageB)]);
    await Promise.all([listShoes(pageA, brand, 3), listShoes(pageB, brand, 3)]);
  });

  it('a visitor sees the marketing view of /social', async () => {
    const { page } = await openBrowser();
    await page.goto('/social');
    await eventually(() => textOf(page.getByRole('heading', { level: 1 })), 'Social Trading Network');
    const getStarted = page.getByTestId('button-get-started');
    await shown(getStarted);
    expect(await textOf(getStarted)).toBe('Get Started');
    expect(await getStarted.getAttribute('href')).toBe('/api/login');
    await shown(page.getByRole('heading', { name: 'How Social Trading Works', exact: true }));
    for (const step of ['Build Your Profile', 'Get Recommendations', 'Connect & Trade', 'Build Influence']) {
      await shown(page.getByRole('heading', { name: step, exact: true }));
    }
    await shown(page.getByRole('heading', { name: 'Why Join the Social Network?', exact: true }));
    expect(await page.getByTestId('button-social-signup-email').getAttribute('href')).toBe('/api/auth/email');
    // No external provider is configured: no button offers one.
    expect(await page.getByTestId('button-social-signup-external').count()).toBe(0);
    // No member dashboard for a visitor.
    expect(await page.getByTestId('tab-social-recommendations').count()).toBe(0);
  });

  it("A finds B in Recommendations (the initial tab) and connects: 'Connection sent!'", async () => {
    await pageA.goto('/social');
    await expectActiveTab(pageA, 'recommendations');
    const card = pageA.getByTestId(`card-recommendation-${theo.id}`);
    await shown(card);
    expect(await textOf(card)).toContain(theo.publicName);
    const connect = card.getByTestId(`button-connect-${theo.id}`);
    await shown(connect);
    expect(await connect.isEnabled()).toBe(true);

    await expectNewToast(
      pageA,
      () => connect.click(),
      'Connection sent!',
      'Friend request has been sent successfully.',
    );
    await eventually(() => connect.isDisabled(), true);

    const network = await getJson<Network>(pageA, '/api/social/network');
    expect(network.outgoing.map((request) => request.user.id)).toEqual([theo.id]);
    expect(network.friends).toEqual([]);
  });

  it('B sees the request under My Network and accepts it', async () => {
    await pageB.goto('/social?tab=network');
    await expectActiveTab(pageB, 'network');
    const network = await getJson<Network>(pageB, '/api/social/network');
    const request = network.incoming.find((entry) => entry.user.id === sofia.id);
    if (!request) throw new Error(`No request from Sofia: ${JSON.stringify(network)}`);
    requestId = request.id;

    const row = pageB.getByTestId(`incoming-${requestId}`);
    await shown(row);
    expect(await textOf(row)).toContain(sofia.publicName);
    await row.getByTestId(`button-accept-friend-${requestId}`).click();

    await gone(row);
    const friend = pageB.getByTestId(`friend-${sofia.id}`);
    await shown(friend);
    expect(await textOf(friend)).toContain(sofia.publicName);
    await eventually(async () => (await rowTexts(pageB.locator('body'), 'incoming-')).length, 0);
  });

  it('both see each other under My Network friends', async () => {
    // A comes back to /social and opens My Network with its tab.
    await pageA.goto('/social');
    await expectActiveTab(pageA, 'recommendations');
    await pageA.getByTestId('tab-social-network').click();
    await expectActiveTab(pageA, 'network');
    await expectLocation(pageA, '/social', { tab: 'network' });
    const friend = pageA.getByTestId(`friend-${theo.id}`);
    await shown(friend);
    expect(await textOf(friend)).toContain(theo.publicName);
    expect(await rowTexts(pageA.locator('body'), 'outgoing-')).toEqual([]);

    await shown(pageB.getByTestId(`friend-${sofia.id}`));
    const [networkA, networkB] = await Promise.all([
      getJson<Network>(pageA, '/api/social/network'),
      getJson<Network>(pageB, '/api/social/network'),
    ]);
    expect(networkA.friends.map((entry) => entry.user.id)).toEqual([theo.id]);
    expect(networkB.friends.map((entry) => entry.user.id)).toEqual([sofia.id]);
  });

  it("the Activity tab tells of the new friendship ('became friends with …')", async () => {
    await pageA.getByTestId('tab-social-activity').click();
    await expectActiveTab(pageA, 'activity');
    await expectLocation(pageA, '/social', { tab: 'activity' });
    await expect
      .poll(() => rowTexts(pageA.locator('body'), 'activity-'), { timeout: WAIT_MS, interval: 100 })
      .toContainEqual(
        expect.stringMatching(containing(`${theo.publicName} became friends with ${sofia.firstName}`)),
      );

    await pageB.getByTestId('tab-social-activity').click();
    await expectActiveTab(pageB, 'activity');
    await expect
      .poll(() => rowTexts(pageB.locator('body'), 'activity-'), { timeout: WAIT_MS, interval: 100 })
      .toContainEqual(
        expect.stringMatching(containing(`${sofia.publicName} became friends with ${theo.firstName}`)),
      );
  });
});
